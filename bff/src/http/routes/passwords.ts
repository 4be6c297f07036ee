import { consoleRoutes } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import { changeOwnPassword } from '../../domain/change-password';
import { unauthenticated } from '../../domain/errors';
import { checkLink } from '../../domain/password-links';
import { requestMeta } from '../context';
import { parseBody } from '../errors';
import { requireUser } from '../session-cookie';

/** A password link's state before it is used, and the signed-in user's own password change. */
export function passwordRoutes(sql: Sql): Router {
  const r = Router();
  const { checkPasswordLink, changeOwnPassword: change } = consoleRoutes;

  r.post(checkPasswordLink.path, async (req, res) => {
    const { token } = parseBody(checkPasswordLink.body, req.body);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await checkLink(sql, token));
  });

  r.put(change.path, requireUser, async (req, res) => {
    const body = parseBody(change.body, req.body);
    if (!req.user || !req.sessionToken) throw unauthenticated();
    const ended = await changeOwnPassword(sql, req.user, req.sessionToken, body, requestMeta(req));
    res.json({ endedSessions: ended });
  });

  return r;
}
