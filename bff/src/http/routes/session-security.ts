import { consoleRoutes } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import type { Request } from 'express';
import { unauthenticated } from '../../domain/errors';
import { disableTotpThrottled, logOutEverywhere } from '../../domain/sign-in';
import { confirmEnrolment, startEnrolment, totpStatus } from '../../domain/totp';
import { requestMeta } from '../context';
import { parseBody } from '../errors';
import { clearSessionCookie, requireUser } from '../session-cookie';

const signedIn = (req: Request) => {
  if (!req.user) throw unauthenticated();
  return req.user;
};

/** The signed-in user's own sign-in security: two-step sign-in (TOTP) and log out everywhere. */
export function sessionSecurityRoutes(sql: Sql): Router {
  const r = Router();

  r.delete(consoleRoutes.logoutAll.path, requireUser, async (req, res) => {
    parseBody(consoleRoutes.logoutAll.body, req.body);
    const ended = await logOutEverywhere(sql, signedIn(req), requestMeta(req));
    clearSessionCookie(req, res);
    res.json({ ended });
  });

  r.get(consoleRoutes.totpStatus.path, requireUser, async (req, res) => {
    res.json(await totpStatus(sql, signedIn(req).id));
  });

  r.post(consoleRoutes.startTotp.path, requireUser, async (req, res) => {
    parseBody(consoleRoutes.startTotp.body, req.body);
    const enrolment = await startEnrolment(sql, signedIn(req));
    res.setHeader('Cache-Control', 'no-store');
    res.json(enrolment);
  });

  r.post(consoleRoutes.confirmTotp.path, requireUser, async (req, res) => {
    const { code } = parseBody(consoleRoutes.confirmTotp.body, req.body);
    res.json(await confirmEnrolment(sql, signedIn(req), code, requestMeta(req)));
  });

  r.delete(consoleRoutes.disableTotp.path, requireUser, async (req, res) => {
    const { code } = parseBody(consoleRoutes.disableTotp.body, req.body);
    res.json(await disableTotpThrottled(sql, signedIn(req), code, requestMeta(req)));
  });

  return r;
}
