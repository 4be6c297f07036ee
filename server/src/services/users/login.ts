import { isPlainObject, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest, invalidJson } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { ObjectRow } from '../../store/objects';
import { openSession } from '../../store/sessions';
import { findUserBy } from '../../store/users';
import type { UserKey } from '../../store/users';
import type { ApiObject } from '../format';
import type { AppSettings } from '../settings';
import { checkPassword } from './fields';
import { accountLocked, claimAttempt, clearFailures } from './lock';
import { loginBody } from './profile';
import { checkLoginPassword } from './rehash';
import { userNotFound } from './user-api';

const IDENTIFIERS: UserKey[] = ['username', 'email', 'mobilePhoneNumber'];

/** Doc 1 Login: exactly one of username, e-mail or phone number identifies the user. */
export function identifierOf(body: unknown): { key: UserKey; value: string } {
  if (!isPlainObject(body)) throw invalidJson();
  const given = IDENTIFIERS.filter((k) => body[k] !== undefined);
  if (given.length === 0) throw badRequest(LcCode.UsernameMissing, 'Username is missing or empty.');
  if (given.length > 1) {
    throw badRequest(
      LcCode.InvalidParameter,
      'Send exactly one of username, email or mobilePhoneNumber to log in, not several.',
    );
  }
  const key = given[0] as UserKey;
  const value = body[key];
  if (typeof value !== 'string' || value === '')
    throw badRequest(LcCode.InvalidParameter, `${key} must be a non-empty string.`);
  return { key, value };
}

/**
 * Checks a secret (password or SMS code) for a user under the account lock: while locked, even
 * the right secret gets 219 and is not checked. The attempt is counted as a failure before the
 * check (see claimAttempt); the right secret then clears the failures, a wrong one gets `wrong`
 * (or 219 when it locked the account). A check that throws stays counted: that errs towards the
 * lock, and anyone can lock an account with wrong passwords anyway.
 */
export async function underLock(
  sql: Sql,
  clock: Clock,
  user: ObjectRow,
  check: () => Promise<boolean>,
  wrong: () => Error,
): Promise<void> {
  const locked = await claimAttempt(sql, user.id, clock.now());
  if (await check()) {
    await clearFailures(sql, user.id);
    return;
  }
  throw locked ? accountLocked() : wrong();
}

/** Doc 1 Authentication rule 6: login may be refused until the e-mail is verified. */
export function assertMayLogIn(user: ObjectRow, settings: AppSettings): void {
  if (
    settings.emailVerify &&
    settings.forbidUnverifiedEmailLogin &&
    typeof user.data.email === 'string' &&
    user.data.email !== '' &&
    user.data.emailVerified !== true
  ) {
    throw badRequest(LcCode.EmailNotVerified, "Email address isn't verified.");
  }
}

export async function passwordLogin(
  sql: Sql,
  clock: Clock,
  settings: AppSettings,
  body: Record<string, unknown>,
): Promise<ApiObject> {
  const { key, value } = identifierOf(body);
  const password = checkPassword(body.password);
  const user = await findUserBy(sql, key, value);
  if (!user) throw userNotFound();
  await underLock(
    sql,
    clock,
    user,
    () => checkLoginPassword(sql, user.id, password),
    () => badRequest(LcCode.PasswordMismatch, 'The username and password mismatch.'),
  );
  assertMayLogIn(user, settings);
  return loginBody(user, await openSession(sql, user.id, clock.now()));
}
