import { consoleRoutes, gridLayoutSchema } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import type { Request } from 'express';
import { getLayout, saveLayout } from '../../domain/layouts';
import type { AppAccess } from '../app-access';
import { parseBody } from '../errors';

/** Each console user's remembered grid layout per app and class. */
export function layoutRoutes(sql: Sql, access: AppAccess): Router {
  const r = Router();

  const ownerOf = async (req: Request) => {
    const ctx = await access(req, 'data.read');
    return { userId: ctx.user.id, app: ctx.app.id, className: String(req.params.className) };
  };

  r.get(consoleRoutes.getGridLayout.path, async (req, res) => {
    res.json({ layout: await getLayout(sql, await ownerOf(req)) });
  });

  r.put(consoleRoutes.putGridLayout.path, async (req, res) => {
    const owner = await ownerOf(req);
    const layout = parseBody(gridLayoutSchema, req.body);
    res.json({ layout: await saveLayout(sql, owner, layout) });
  });

  return r;
}
