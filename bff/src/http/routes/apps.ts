import { consoleRoutes, roleForApp } from '@switchboard/shared';
import type { AppSummary } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import type { Request } from 'express';
import type { UpstreamApp } from '../../apps-config';
import { Capabilities } from '../../domain/capabilities';
import { notFound } from '../../domain/errors';
import { proxy } from '../../domain/proxy/proxy';
import type { UpstreamClient } from '../../upstream/client';
import { requestMeta } from '../context';
import { singleQuery } from '../errors';
import { requireUser } from '../session-cookie';
import { upstreamPathOf } from '../upstream-path';

/**
 * The app list (names and ids only), what each app offers, and the allowlisted upstream API under
 * /api/apps/<app>/...
 */
export function appRoutes(sql: Sql, apps: UpstreamApp[], clients: Map<string, UpstreamClient>): Router {
  const r = Router();
  const byId = new Map(apps.map((a) => [a.id, a]));
  const capabilities = new Capabilities();

  function appOf(req: Request) {
    const id = typeof req.params.app === 'string' ? req.params.app : '';
    const app = byId.get(id);
    const client = clients.get(id);
    if (!app || !client) throw notFound(`There is no app "${id}".`);
    return { app, client };
  }

  r.get(consoleRoutes.listApps.path, requireUser, (_req, res) => {
    const summaries: AppSummary[] = apps.map((a) => ({ id: a.id, name: a.name, appId: a.appId }));
    res.json({ apps: summaries });
  });

  r.get(consoleRoutes.appCapabilities.path, requireUser, async (req, res) => {
    const { app, client } = appOf(req);
    res.json(await capabilities.of(app, client));
  });

  r.all('/api/apps/:app/*rest', requireUser, async (req, res) => {
    const { app, client } = appOf(req);
    const user = req.user;
    if (!user) return;
    const path = upstreamPathOf(req.originalUrl, app.id);
    const query = singleQuery(req);
    const ctx = { sql, user, role: roleForApp(user, app.id), app, client, meta: requestMeta(req) };
    res.json(await proxy(ctx, { method: req.method, path, query, body: req.body as unknown }));
  });

  return r;
}
