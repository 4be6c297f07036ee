import { consoleRoutes } from '@switchboard/shared';
import type { AppSummary } from '@switchboard/shared';
import { Router } from 'express';
import type { UpstreamApp } from '../../config';
import { ConsoleError, notFound } from '../../domain/errors';
import { callUpstream } from '../../domain/upstream-call';
import type { UpstreamClient } from '../../upstream/client';
import { requireUser } from '../session-cookie';
import { upstreamPathOf } from '../upstream-path';

/** The app list (names and ids only) and the allowlisted upstream API under /api/apps/<app>/... */
export function appRoutes(apps: UpstreamApp[], clients: Map<string, UpstreamClient>): Router {
  const r = Router();

  r.get(consoleRoutes.listApps.path, requireUser, (_req, res) => {
    const summaries: AppSummary[] = apps.map((a) => ({ id: a.id, name: a.name, appId: a.appId }));
    res.json({ apps: summaries });
  });

  r.all('/api/apps/:app/*rest', requireUser, async (req, res) => {
    const appId = typeof req.params.app === 'string' ? req.params.app : '';
    const client = clients.get(appId);
    if (!client) throw notFound(`There is no app "${appId}".`);
    const path = upstreamPathOf(req.originalUrl, appId);
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.query)) {
      if (typeof v !== 'string')
        throw new ConsoleError(400, 'bad_request', `Send the query parameter "${k}" once.`);
      query[k] = v;
    }
    const user = req.user;
    if (!user) return;
    res.json(
      await callUpstream(user, client, { method: req.method, path, query, body: req.body as unknown }),
    );
  });

  return r;
}
