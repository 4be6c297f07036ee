import { consoleRoutes, roleForApp } from '@switchboard/shared';
import type { AppSummary } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import type { Request, Response } from 'express';
import type { UpstreamApp } from '../../apps-config';
import { Capabilities } from '../../domain/capabilities';
import { checkHealth } from '../../domain/health';
import { notFound } from '../../domain/errors';
import { auditRefusal, JsonText, proxy } from '../../domain/proxy/proxy';
import type { UpstreamClient } from '../../upstream/client';
import { requestMeta } from '../context';
import { singleQuery } from '../errors';
import { requireUser } from '../session-cookie';
import { upstreamPathOf } from '../upstream-path';

type Clients = Map<string, UpstreamClient>;

/** The app a console request names, with its upstream client; 404 for an unknown one. */
function appLookup(apps: UpstreamApp[], clients: Clients) {
  const byId = new Map(apps.map((a) => [a.id, a]));
  return (req: Request) => {
    const id = typeof req.params.app === 'string' ? req.params.app : '';
    const app = byId.get(id);
    const client = clients.get(id);
    if (!app || !client) throw notFound(`There is no app "${id}".`);
    return { app, client };
  };
}

/** Forwards one console request to the app's upstream API through the allowlist. */
function forwarder(sql: Sql, appOf: ReturnType<typeof appLookup>) {
  return async (req: Request, res: Response): Promise<void> => {
    const { app, client } = appOf(req);
    const user = req.user;
    if (!user) return;
    const ctx = { sql, user, role: roleForApp(user, app.id), app, client, meta: requestMeta(req) };
    let path: string;
    try {
      path = upstreamPathOf(req.originalUrl, app.id);
    } catch (e) {
      // A path trick is never something the console's pages send: audited, reads included.
      await auditRefusal(
        ctx,
        { method: req.method, path: req.originalUrl.split('?')[0] ?? '' },
        e,
        undefined,
        true,
      );
      throw e;
    }
    const query = singleQuery(req);
    const answer = await proxy(ctx, { method: req.method, path, query, body: req.body as unknown });
    if (answer instanceof JsonText) res.type('json').send(answer.text);
    else res.json(answer);
  };
}

/** The version segment of the upstream API's paths: /1.1/ (storage, push), /1.2/ (messaging). */
const API_VERSION = /^1\.\d+$/;

/**
 * The upstream API under /api/apps/<app>/<version>/... Mounted before the console's other
 * routers, so the requests the console makes most do not walk past every other route first.
 */
export function upstreamRoutes(sql: Sql, apps: UpstreamApp[], clients: Clients): Router {
  const r = Router();
  const forward = forwarder(sql, appLookup(apps, clients));
  r.all('/api/apps/:app/:version/*rest', requireUser, async (req, res, next) => {
    if (!API_VERSION.test(String(req.params.version))) return next();
    await forward(req, res);
  });
  return r;
}

/**
 * The app list (names and ids only), what each app offers, its health, and every other path
 * under /api/apps/<app>/..., which the allowlist refuses in the console's words.
 */
export function appRoutes(sql: Sql, apps: UpstreamApp[], clients: Clients): Router {
  const r = Router();
  const appOf = appLookup(apps, clients);
  const capabilities = new Capabilities();

  r.get(consoleRoutes.listApps.path, requireUser, (_req, res) => {
    const summaries: AppSummary[] = apps.map((a) => ({ id: a.id, name: a.name, appId: a.appId }));
    res.json({ apps: summaries });
  });

  r.get(consoleRoutes.appCapabilities.path, requireUser, async (req, res) => {
    const { app, client } = appOf(req);
    res.json(await capabilities.of(app, client));
  });

  r.get(consoleRoutes.appHealth.path, requireUser, async (req, res) => {
    const { app, client } = appOf(req);
    res.json(await checkHealth(app, client));
  });

  r.all('/api/apps/:app/*rest', requireUser, forwarder(sql, appOf));

  return r;
}
