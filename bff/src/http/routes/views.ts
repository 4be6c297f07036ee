import { consoleRoutes, listViewsQuerySchema, userHas } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import type { NextFunction, Request, Response } from 'express';
import { record } from '../../domain/audit';
import { forbidden, notFound, unauthenticated } from '../../domain/errors';
import { createView, deleteView, listViews, updateView } from '../../domain/views';
import type { ViewContext } from '../../domain/views';
import { auditsDenial, requestMeta } from '../context';
import { parseBody, singleQuery } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** View ids are UUIDs; anything else names no view (and never reaches the database). */
function idOf(req: Request): string {
  const id = typeof req.params.id === 'string' ? req.params.id : '';
  if (!UUID.test(id)) throw notFound('There is no such saved view.');
  return id;
}

/**
 * Saved data-browser views under /api/apps/<app>/views. Mounted before the upstream proxy, whose
 * catch-all would otherwise take these paths. Reading the app's data is what a view is for, so
 * `data.read` in that app (per-app role included) is what every call needs.
 */
export function viewRoutes(sql: Sql, appIds: readonly string[]): Router {
  const r = Router();

  const readsData = async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (!req.user) return next(unauthenticated());
    const app = typeof req.params.app === 'string' ? req.params.app : '';
    if (!appIds.includes(app)) return next(notFound(`There is no app "${app}".`));
    if (userHas(req.user, 'data.read', app)) return next();
    if (auditsDenial(req))
      await record(sql, {
        ...requestMeta(req),
        actor: req.user,
        app,
        action: 'console.request',
        summary: { method: req.method, path: req.path, permission: 'data.read' },
        result: 'denied',
        status: 403,
      });
    next(forbidden('Your role in this app does not allow this: it needs the "data.read" permission.'));
  };

  const ctx = (req: Request): ViewContext => {
    if (!req.user) throw unauthenticated();
    return { sql, actor: req.user, app: String(req.params.app), meta: requestMeta(req) };
  };

  r.get(consoleRoutes.listViews.path, readsData, async (req, res) => {
    const query = parseBody(listViewsQuerySchema, singleQuery(req));
    res.json({ views: await listViews(ctx(req), query.className) });
  });

  r.post(consoleRoutes.createView.path, readsData, async (req, res) => {
    const body = parseBody(consoleRoutes.createView.body, req.body);
    res.status(201).json({ view: await createView(ctx(req), body) });
  });

  r.put(consoleRoutes.updateView.path, readsData, async (req, res) => {
    const body = parseBody(consoleRoutes.updateView.body, req.body);
    res.json({ view: await updateView(ctx(req), idOf(req), body) });
  });

  r.delete(consoleRoutes.deleteView.path, readsData, async (req, res) => {
    await deleteView(ctx(req), idOf(req));
    res.json({});
  });

  return r;
}
