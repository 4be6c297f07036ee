import { consoleRoutes, preferencesUpdateSchema } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import { getPreferences, updatePreferences } from '../../domain/preferences';
import { parseBody } from '../errors';
import { requireUser } from '../session-cookie';

/**
 * The signed-in user's own settings. Not audited: they change nothing anyone else sees, and
 * every theme toggle would bury the writes that matter.
 */
export function preferenceRoutes(sql: Sql): Router {
  const r = Router();

  r.get(consoleRoutes.getPreferences.path, requireUser, async (req, res) => {
    res.json({ preferences: await getPreferences(sql, req.user?.id ?? '') });
  });

  r.put(consoleRoutes.updatePreferences.path, requireUser, async (req, res) => {
    const change = parseBody(preferencesUpdateSchema, req.body);
    res.json({ preferences: await updatePreferences(sql, req.user?.id ?? '', change) });
  });

  return r;
}
