import type { ConsoleErrorCode, ConsoleUser, LoginBody } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { record } from './audit';
import type { RequestMeta } from './audit';
import { ConsoleError } from './errors';
import { logIn } from './login';
import { claimAttempt, clearFailures, releaseAttempt, throttleKeys } from './login-throttle';
import type { ThrottleKeys } from './login-throttle';
import { deleteUserSessions } from './sessions';
import { checkLoginCode, disableTotp } from './totp';
import { normalizeEmail } from './users';

/** Refusals that are guesses (at a password or a code) and so count towards the lockout. */
const GUESSES = new Set<ConsoleErrorCode>(['unauthenticated', 'invalid_code']);

/**
 * Runs fn unless the keys are locked. The attempt is counted as a failure before fn runs (so
 * parallel attempts cannot pass the limit together) and taken back unless fn refuses a wrong guess.
 */
async function throttled<T>(sql: Sql, keys: ThrottleKeys, now: Date, fn: () => Promise<T>): Promise<T> {
  const attempt = await claimAttempt(sql, keys, now);
  try {
    const result = await fn();
    await releaseAttempt(sql, attempt);
    return result;
  } catch (err) {
    if (!(err instanceof ConsoleError && GUESSES.has(err.code))) await releaseAttempt(sql, attempt);
    throw err;
  }
}

/**
 * Console sign-in: the lockout of login-throttle.ts (checked before the password), the password,
 * then the TOTP code when the user has turned it on. Every attempt is audited, refused ones too.
 */
export async function signIn(
  sql: Sql,
  body: LoginBody,
  meta: RequestMeta,
  now = new Date(),
): Promise<ConsoleUser> {
  const tried = normalizeEmail(body.email);
  const keys = throttleKeys(meta.ip, tried);
  try {
    const user = await throttled(sql, keys, now, () =>
      logIn(sql, body.email, body.password, meta, (u) => checkLoginCode(sql, u.id, body.totp, now)),
    );
    await clearFailures(sql, keys.account);
    return user;
  } catch (err) {
    // logIn audits its own refusals; a locked attempt never reaches it.
    if (err instanceof ConsoleError && err.status === 429) {
      await record(sql, {
        ...meta,
        actor: { email: tried },
        action: 'console.login',
        summary: { email: tried, refused: err.code },
        result: 'denied',
        status: 429,
      });
    }
    throw err;
  }
}

/**
 * Turns TOTP off with a current code. A wrong code is a guess at the second factor by whoever holds
 * the session, so it counts against the account like a failed sign-in and the lockout applies.
 */
export function disableTotpThrottled(
  sql: Sql,
  user: ConsoleUser,
  code: string,
  meta: RequestMeta,
  now = new Date(),
) {
  return throttled(sql, throttleKeys(meta.ip, user.email), now, () =>
    disableTotp(sql, user, code, meta, now),
  );
}

/** Ends every session of the user (the current one too) and audits it; returns how many. */
export async function logOutEverywhere(sql: Sql, user: ConsoleUser, meta: RequestMeta): Promise<number> {
  const ended = await deleteUserSessions(sql, user.id);
  await record(sql, {
    ...meta,
    actor: user,
    action: 'console.logout_all',
    target: { consoleUser: user.id },
    summary: { sessions: ended },
    result: 'ok',
    status: 200,
  });
  return ended;
}
