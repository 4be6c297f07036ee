import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ImDeps } from './deps';
import { readHistory } from './history-routes';
import { modifyMessage, recall, removeMessage, sendToConversation } from './message-ops';

const R = '/1.2/rtm/chatrooms';

/**
 * Doc 3 Chat rooms. Online members come from live connections, which this server does not hold
 * yet: the sample is empty and the count 0.
 */
export function roomRoutes(router: ApiRouter, d: ImDeps): void {
  const convs = d.conversations;
  router.on('POST', R, async (req) => {
    requireMaster(req.auth, 'creating chat rooms');
    const made = await convs.create(req, 'room');
    return { body: { objectId: made.objectId, createdAt: made.createdAt } };
  });
  router.on('GET', R, (req) => {
    requireMaster(req.auth, 'listing chat rooms');
    return convs.query(req, 'room');
  });
  router.on('PUT', `${R}/:convId`, (req) => {
    requireMaster(req.auth, 'updating chat rooms');
    return convs.update(req, 'room', req.params.convId ?? '');
  });
  router.on('DELETE', `${R}/:convId`, (req) => {
    requireMaster(req.auth, 'deleting chat rooms');
    return convs.delete(req, 'room', req.params.convId ?? '');
  });
  router.on('GET', `${R}/:convId/members`, async (req) => {
    requireMaster(req.auth, 'listing chat-room members');
    await convs.require(req.sql, req.params.convId ?? '', 'room');
    return { body: { result: [] } };
  });
  router.on('GET', `${R}/:convId/members/online-count`, async (req) => {
    requireMaster(req.auth, 'counting chat-room members');
    await convs.require(req.sql, req.params.convId ?? '', 'room');
    return { body: { result: 0 } };
  });
  router.on('POST', `${R}/:convId/messages`, (req) => sendToConversation(d, req, 'room'));
  router.on('GET', `${R}/:convId/messages`, async (req) => {
    requireMaster(req.auth, 'reading message history');
    const id = req.params.convId ?? '';
    await convs.require(req.sql, id, 'room');
    return readHistory(d, req, { where: ['conv_id = $1'], params: [id] }, id);
  });
  router.on('PUT', `${R}/:convId/messages/:msgId`, (req) => modifyMessage(d, req, 'room'));
  router.on('PUT', `${R}/:convId/messages/:msgId/recall`, (req) => recall(d, req, 'room'));
  router.on('DELETE', `${R}/:convId/messages/:msgId`, (req) => removeMessage(d, req, 'room'));
}
