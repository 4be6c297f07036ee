import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ImDeps } from './deps';
import { readHistory } from './history-routes';
import type { ConvKind } from './kinds';
import { modifyMessage, recall, removeMessage, sendToConversation } from './message-ops';

/**
 * The four routes every kind of conversation has under its own path (Doc 3: create, query,
 * update, delete). `plural` names the kind in refusals ("creating chat rooms"); `brief` answers a
 * create with objectId and createdAt only (chat rooms, service conversations) instead of the
 * whole object (conversations).
 */
export function resourceRoutes(
  router: ApiRouter,
  d: ImDeps,
  o: { base: string; kind: ConvKind; plural: string; brief: boolean },
): void {
  const convs = d.conversations;
  router.on('POST', o.base, async (req) => {
    requireMaster(req.auth, `creating ${o.plural}`);
    const made = await convs.create(req, o.kind);
    return { body: o.brief ? { objectId: made.objectId, createdAt: made.createdAt } : made };
  });
  router.on('GET', o.base, (req) => {
    requireMaster(req.auth, `listing ${o.plural}`);
    return convs.query(req, o.kind);
  });
  router.on('PUT', `${o.base}/:convId`, (req) => {
    requireMaster(req.auth, `updating ${o.plural}`);
    return convs.update(req, o.kind, req.params.convId ?? '');
  });
  router.on('DELETE', `${o.base}/:convId`, (req) => {
    requireMaster(req.auth, `deleting ${o.plural}`);
    return convs.delete(req, o.kind, req.params.convId ?? '');
  });
}

/** Doc 3 messages of a conversation or chat room: send, history, modify, recall, delete. */
export function messageRoutes(router: ApiRouter, d: ImDeps, base: string, kind: 'conv' | 'room'): void {
  router.on('POST', `${base}/:convId/messages`, (req) => sendToConversation(d, req, kind));
  router.on('GET', `${base}/:convId/messages`, (req) => {
    const id = req.params.convId ?? '';
    return readHistory(d, req, { where: ['conv_id = $1'], params: [id] }, id, kind);
  });
  router.on('PUT', `${base}/:convId/messages/:msgId`, (req) => modifyMessage(d, req, kind));
  router.on('PUT', `${base}/:convId/messages/:msgId/recall`, (req) => recall(d, req, kind));
  router.on('DELETE', `${base}/:convId/messages/:msgId`, (req) => removeMessage(d, req, kind));
}
