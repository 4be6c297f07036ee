import { isPlainObject, LcCode } from '@switchboard/shared';
import { badRequest, invalidJson } from '../http/errors';
import type { ApiRequest } from '../http/types';
import type { ApiRouter } from '../http/router';
import { closeSessions, openSession } from '../store/sessions';
import { findUserBy, findUserById, readAuth, setPasswordHash } from '../store/users';
import type { AccountDeps } from '../services/users/deps';
import { checkPassword } from '../services/users/fields';
import { passwordLogin } from '../services/users/login';
import { sendAccountMail } from '../services/users/mail';
import { smsLogin } from '../services/users/sms-login';
import { assertNotInBatch } from '../services/users/sms-codes';
import { hashPassword, verifyPassword } from '../services/users/passwords';
import { loginBody } from '../services/users/profile';
import { assertSelf, userNotFound } from '../services/users/user-api';
import type { UserApi } from '../services/users/user-api';
import { mountClass } from './objects';

const bodyOf = (req: ApiRequest): Record<string, unknown> => {
  if (!isPlainObject(req.body)) throw invalidJson();
  return req.body;
};

function emailOf(req: ApiRequest): string {
  const email = bodyOf(req).email;
  if (typeof email !== 'string' || email === '')
    throw badRequest(LcCode.EmailMissing, 'The email is missing.');
  return email;
}

/** Doc 1 Users and accounts (the SMS endpoints are in routes/sms.ts). */
export function userRoutes(router: ApiRouter, users: UserApi, deps: AccountDeps): void {
  mountClass(router, '/1.1/users', () => users);
  const now = () => deps.clock.now();

  router.on('POST', '/1.1/login', async (req) => {
    const settings = await deps.settings.get(req.sql);
    // A failed login must be counted; inside a batch its savepoint would roll the count back.
    assertNotInBatch(req);
    const body = bodyOf(req);
    // With smsCode (from requestLoginSmsCode) the code stands in for the password.
    if (body.smsCode !== undefined) return { body: await smsLogin(req, deps.clock, settings, body) };
    return { body: await passwordLogin(req.sql, deps.clock, settings, body) };
  });

  router.on('GET', '/1.1/users/me', async (req) => {
    const token = req.auth.sessionToken;
    const { userId } = await deps.access.of(req.sql, req.auth);
    const row = userId ? await findUserById(req.sql, userId) : undefined;
    if (!row || !token) throw userNotFound();
    return { body: loginBody(row, token) };
  });

  router.on('PUT', '/1.1/users/:objectId/refreshSessionToken', async (req) => {
    const id = req.params.objectId ?? '';
    assertSelf(await deps.access.of(req.sql, req.auth), id);
    return req.sql.transaction(async (tx) => {
      const row = await findUserById(tx, id, { forUpdate: true });
      if (!row) throw userNotFound();
      await closeSessions(tx, id);
      return { body: loginBody(row, await openSession(tx, id, now())) };
    });
  });

  router.on('PUT', '/1.1/users/:objectId/updatePassword', async (req) => {
    const id = req.params.objectId ?? '';
    const access = await deps.access.of(req.sql, req.auth);
    // Doc 1: a session is required here; the master key alone does not know the old password.
    if (access.userId !== id) assertSelf({ ...access, master: false }, id);
    const body = bodyOf(req);
    const oldPassword = checkPassword(body.old_password);
    const newPassword = checkPassword(body.new_password);
    const row = await findUserById(req.sql, id);
    if (!row) throw userNotFound();
    if (!(await verifyPassword((await readAuth(req.sql, id)).password_hash, oldPassword)))
      throw badRequest(LcCode.PasswordMismatch, 'The old password is wrong.');
    const hash = await hashPassword(newPassword);
    const settings = await deps.settings.get(req.sql);
    return req.sql.transaction(async (tx) => {
      await setPasswordHash(tx, id, hash);
      let token = req.auth.sessionToken ?? '';
      // Doc 1 sessionToken: with forced re-login on, a password change replaces the token.
      if (settings.forceRelogin) {
        await closeSessions(tx, id);
        token = await openSession(tx, id, now());
      }
      const updated = await findUserById(tx, id);
      return { body: loginBody(updated ?? row, token) };
    });
  });

  /** Doc 1: requestPasswordReset and requestEmailVerify take {email} and mail its user a link. */
  const mailLink = (path: string, kind: 'reset_password' | 'verify_email') =>
    router.on('POST', path, async (req) => {
      const email = emailOf(req);
      const user = await findUserBy(req.sql, 'email', email);
      if (!user) throw badRequest(LcCode.EmailNotFound, 'Could not find user with the email.');
      if (kind === 'verify_email' && user.data.emailVerified === true)
        throw badRequest(LcCode.InvalidParameter, 'This e-mail address is already verified.');
      await sendAccountMail(req.sql, deps.clock, { kind, userId: user.id, email, baseUrl: req.baseUrl });
      return { body: {} };
    });
  mailLink('/1.1/requestPasswordReset', 'reset_password');
  mailLink('/1.1/requestEmailVerify', 'verify_email');
}
