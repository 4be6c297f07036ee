import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ImDeps } from './deps';
import { messageRoutes, resourceRoutes } from './resource-routes';
import { intParam } from './params';

const R = '/1.2/rtm/chatrooms';

/**
 * Doc 3 Chat rooms. Online members are the clients in the room on the live connections now, on
 * every process (random ones, up to `limit`).
 */
export function roomRoutes(router: ApiRouter, d: ImDeps): void {
  const convs = d.conversations;
  resourceRoutes(router, d, { base: R, kind: 'room', plural: 'chat rooms', brief: true });
  router.on('GET', `${R}/:convId/members`, async (req) => {
    requireMaster(req.auth, 'listing chat-room members');
    const id = req.params.convId ?? '';
    await convs.require(req.sql, id, 'room');
    const limit = intParam(req.query, 'limit', 50, 1, 1000) ?? 50;
    return { body: { result: await d.live.roomMembers(id, limit) } };
  });
  router.on('GET', `${R}/:convId/members/online-count`, async (req) => {
    requireMaster(req.auth, 'counting chat-room members');
    const id = req.params.convId ?? '';
    await convs.require(req.sql, id, 'room');
    return { body: { result: await d.live.roomCount(id) } };
  });
  messageRoutes(router, d, R, 'room');
}
