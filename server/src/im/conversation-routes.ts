import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ApiRequest } from '../http/types';
import type { ImDeps } from './deps';
import { readHistory } from './history-routes';
import { modifyMessage, recall, removeMessage, sendToConversation } from './message-ops';

const C = '/1.2/rtm/conversations';
const master = (req: ApiRequest, what: string) => requireMaster(req.auth, what);

/** Doc 3 One-to-one and group conversations. */
export function conversationRoutes(router: ApiRouter, d: ImDeps): void {
  const convs = d.conversations;
  router.on('POST', C, async (req) => {
    master(req, 'creating conversations');
    return { body: await convs.create(req, 'conv') };
  });
  router.on('GET', C, (req) => {
    master(req, 'listing conversations');
    return convs.query(req, 'conv');
  });
  router.on('PUT', `${C}/:convId`, (req) => {
    master(req, 'updating conversations');
    return convs.update(req, 'conv', req.params.convId ?? '');
  });
  router.on('DELETE', `${C}/:convId`, (req) => {
    master(req, 'deleting conversations');
    return convs.delete(req, 'conv', req.params.convId ?? '');
  });
  for (const [path, field] of [
    ['members', 'm'],
    ['mutes', 'mu'],
  ] as const) {
    router.on('POST', `${C}/:convId/${path}`, (req) => {
      master(req, `changing ${path}`);
      return convs.changeList(req, req.params.convId ?? '', field, 'AddUnique');
    });
    router.on('DELETE', `${C}/:convId/${path}`, (req) => {
      master(req, `changing ${path}`);
      return convs.changeList(req, req.params.convId ?? '', field, 'Remove');
    });
    router.on('GET', `${C}/:convId/${path}`, (req) => {
      master(req, `listing ${path}`);
      return convs.list(req, req.params.convId ?? '', field);
    });
  }
  router.on('POST', `${C}/:convId/messages`, (req) => sendToConversation(d, req, 'conv'));
  router.on('GET', `${C}/:convId/messages`, async (req) => {
    master(req, 'reading message history');
    const id = req.params.convId ?? '';
    await convs.require(req.sql, id, 'conv');
    return readHistory(d, req, { where: ['conv_id = $1'], params: [id] }, id);
  });
  router.on('PUT', `${C}/:convId/messages/:msgId`, (req) => modifyMessage(d, req, 'conv'));
  router.on('PUT', `${C}/:convId/messages/:msgId/recall`, (req) => recall(d, req, 'conv'));
  router.on('DELETE', `${C}/:convId/messages/:msgId`, (req) => removeMessage(d, req, 'conv'));
}
