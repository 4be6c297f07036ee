import { roleForApp, roleHas } from '@switchboard/shared';
import type { Permission } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import type { Request } from 'express';
import type { UpstreamApp } from '../apps-config';
import { forbidden, notFound, unauthenticated } from '../domain/errors';
import { audit } from '../domain/proxy/context';
import type { ProxyContext } from '../domain/proxy/context';
import type { UpstreamClient } from '../upstream/client';
import { auditsDenial, requestMeta } from './context';

/** Who asks, in which app, with what role there; refused (and audited) without `permission`. */
export type AppAccess = (req: Request, permission: Permission) => Promise<ProxyContext>;

/**
 * For the bff's own routes under /api/apps/<app>/: the signed-in user's role in that app (the
 * per-app one, else the console-wide one) must hold the route's permission, as for the upstream
 * routes the proxy forwards.
 */
export function appAccess(sql: Sql, apps: UpstreamApp[], clients: Map<string, UpstreamClient>): AppAccess {
  const byId = new Map(apps.map((a) => [a.id, a]));
  return async (req, permission) => {
    const user = req.user;
    if (!user) throw unauthenticated();
    const id = typeof req.params.app === 'string' ? req.params.app : '';
    const app = byId.get(id);
    const client = clients.get(id);
    if (!app || !client) throw notFound(`There is no app "${id}".`);
    const role = roleForApp(user, app.id);
    const ctx: ProxyContext = { sql, user, role, app, client, meta: requestMeta(req) };
    if (!roleHas(role, permission)) {
      if (auditsDenial(req))
        await audit(ctx, {
          action: 'console.request',
          summary: { method: req.method, path: req.path, permission },
          result: 'denied',
          status: 403,
        });
      throw forbidden(
        `Your role in this app (${role}) does not allow this: it needs the "${permission}" permission.`,
      );
    }
    return ctx;
  };
}
