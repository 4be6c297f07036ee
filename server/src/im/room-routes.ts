import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ImDeps } from './deps';
import { readHistory } from './history-routes';
import { modifyMessage, recall, removeMessage, sendToConversation } from './message-ops';
import { intParam } from './params';

const R = '/1.2/rtm/chatrooms';

/** Doc 3 Chat rooms. Online members are the clients in the room on the live connections now. */
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
    const id = req.params.convId ?? '';
    await convs.require(req.sql, id, 'room');
    const limit = intParam(req.query, 'limit', 50, 1, 1000) ?? 50;
    return { body: { result: (await d.live.roomMembers(id)).slice(0, limit) } };
  });
  router.on('GET', `${R}/:convId/members/online-count`, async (req) => {
    requireMaster(req.auth, 'counting chat-room members');
    const id = req.params.convId ?? '';
    await convs.require(req.sql, id, 'room');
    return { body: { result: (await d.live.roomMembers(id)).length } };
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
