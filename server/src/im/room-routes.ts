import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ImDeps } from './deps';
import { messageRoutes, resourceRoutes } from './resource-routes';

const R = '/1.2/rtm/chatrooms';

/**
 * Doc 3 Chat rooms. Online members come from live connections, which this server does not hold
 * yet: the sample is empty and the count 0.
 */
export function roomRoutes(router: ApiRouter, d: ImDeps): void {
  const convs = d.conversations;
  resourceRoutes(router, d, { base: R, kind: 'room', plural: 'chat rooms', brief: true });
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
  messageRoutes(router, d, R, 'room');
}
