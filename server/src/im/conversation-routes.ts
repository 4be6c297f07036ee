import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ApiRequest } from '../http/types';
import type { ImDeps } from './deps';
import { messageRoutes, resourceRoutes } from './resource-routes';

const C = '/1.2/rtm/conversations';
const master = (req: ApiRequest, what: string) => requireMaster(req.auth, what);

/** Doc 3 One-to-one and group conversations. */
export function conversationRoutes(router: ApiRouter, d: ImDeps): void {
  const convs = d.conversations;
  resourceRoutes(router, d, { base: C, kind: 'conv', plural: 'conversations', brief: false });
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
  messageRoutes(router, d, C, 'conv');
}
