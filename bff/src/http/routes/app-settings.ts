import { consoleRoutes } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import { getDefaultAcl, setDefaultAcl } from '../../domain/app-settings';
import type { AppAccess } from '../app-access';
import { parseBody } from '../errors';

/** Console choices per app: the default ACL of objects the console creates. */
export function appSettingRoutes(sql: Sql, access: AppAccess): Router {
  const r = Router();
  const { getDefaultAcl: get, putDefaultAcl: put } = consoleRoutes;

  r.get(get.path, async (req, res) => {
    const ctx = await access(req, 'data.read');
    res.json(await getDefaultAcl(sql, ctx.app.id));
  });

  r.put(put.path, async (req, res) => {
    const ctx = await access(req, 'schema.write');
    const { defaultAcl } = parseBody(put.body, req.body);
    res.json(await setDefaultAcl(ctx, defaultAcl));
  });

  return r;
}
