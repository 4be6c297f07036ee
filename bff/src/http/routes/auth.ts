import { appPermissionsOf, consoleRoutes, roleForApp, ROLE_PERMISSIONS } from '@switchboard/shared';
import type { ConsoleUser, SessionResponse } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import type { Request, Response } from 'express';
import { record } from '../../domain/audit';
import { logOut } from '../../domain/login';
import { useLinkFrom } from '../../domain/password-links';
import { ConsoleError } from '../../domain/errors';
import { createSession, deleteSession } from '../../domain/sessions';
import type { SessionPolicy } from '../../domain/sessions';
import { runSetup, setupNeeded } from '../../domain/setup';
import { signIn } from '../../domain/sign-in';
import { requestMeta } from '../context';
import { parseBody } from '../errors';
import { clearSessionCookie, requireUser, setSessionCookie } from '../session-cookie';

const sessionBody = (user: ConsoleUser, appIds: string[]): SessionResponse => ({
  user,
  permissions: [...ROLE_PERMISSIONS[user.role]],
  appPermissions: Object.fromEntries(appIds.map((id) => [id, appPermissionsOf(roleForApp(user, id))])),
});

/** First-run setup, login, session and logout (the console routes of shared/console/routes.ts). */
export function authRoutes(sql: Sql, policy: SessionPolicy, appIds: string[]): Router {
  const r = Router();

  // A new session id at every sign-in: a cookie planted before login never becomes a session.
  async function startSession(req: Request, res: Response, user: ConsoleUser) {
    if (req.sessionToken) await deleteSession(sql, req.sessionToken);
    const token = await createSession(sql, user.id, policy);
    setSessionCookie(req, res, token, policy.absoluteMs);
    res.json(sessionBody(user, appIds));
  }

  r.get(consoleRoutes.setupStatus.path, async (_req, res) => {
    res.json({ needed: await setupNeeded(sql) });
  });

  r.post(consoleRoutes.setup.path, async (req, res) => {
    const body = parseBody(consoleRoutes.setup.body, req.body);
    await startSession(req, res, await runSetup(sql, body, requestMeta(req)));
  });

  r.post(consoleRoutes.login.path, async (req, res) => {
    const body = parseBody(consoleRoutes.login.body, req.body);
    await startSession(req, res, await signIn(sql, body, requestMeta(req)));
  });

  r.post(consoleRoutes.usePasswordLink.path, async (req, res) => {
    const body = parseBody(consoleRoutes.usePasswordLink.body, req.body);
    let user: ConsoleUser;
    try {
      user = await useLinkFrom(sql, req.ip, body.token, body.password);
    } catch (e) {
      if (e instanceof ConsoleError) {
        const summary = { refused: e.code };
        await record(sql, {
          ...requestMeta(req),
          action: 'console.set_password',
          summary,
          result: 'denied',
          status: e.status,
        });
      }
      throw e;
    }
    await record(sql, {
      ...requestMeta(req),
      actor: user,
      action: 'console.set_password',
      target: { consoleUser: user.id },
      result: 'ok',
      status: 200,
    });
    await startSession(req, res, user);
  });

  r.get(consoleRoutes.getSession.path, requireUser, (req, res) => {
    if (req.user) res.json(sessionBody(req.user, appIds));
  });

  r.delete(consoleRoutes.logout.path, async (req, res) => {
    if (req.sessionToken) {
      await deleteSession(sql, req.sessionToken);
      await logOut(sql, req.user, requestMeta(req));
    }
    clearSessionCookie(req, res);
    res.json({});
  });

  return r;
}
