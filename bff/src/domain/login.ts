import type { ConsoleUser } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { record } from './audit';
import type { RequestMeta } from './audit';
import { ConsoleError, unauthenticated } from './errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { findUserByEmail, normalizeEmail, publicUser } from './users';

/** Checks console credentials; every failure looks the same to the caller. */
export async function checkCredentials(sql: Sql, email: string, password: string): Promise<ConsoleUser> {
  const user = await findUserByEmail(sql, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok || user.disabled) throw unauthenticated('The e-mail address or the password is wrong.');
  return publicUser(user);
}

/**
 * Signs in with the audit trail: every attempt is recorded with the e-mail address tried (never
 * the password), success or failure. `secondStep`, when given, runs once the password is found
 * right and may refuse the sign-in by throwing (two-step sign-in).
 */
export async function logIn(
  sql: Sql,
  email: string,
  password: string,
  meta: RequestMeta,
  secondStep?: (user: ConsoleUser) => Promise<void>,
): Promise<ConsoleUser> {
  const tried = normalizeEmail(email);
  try {
    const user = await checkCredentials(sql, email, password);
    if (secondStep) await secondStep(user);
    await record(sql, { ...meta, actor: user, action: 'console.login', result: 'ok', status: 200 });
    return user;
  } catch (err) {
    if (err instanceof ConsoleError) {
      await record(sql, {
        ...meta,
        actor: { email: tried },
        action: 'console.login',
        summary: { email: tried },
        result: 'denied',
        status: err.status,
      });
    }
    throw err;
  }
}

export async function logOut(sql: Sql, user: ConsoleUser | undefined, meta: RequestMeta): Promise<void> {
  await record(sql, { ...meta, actor: user, action: 'console.logout', result: 'ok', status: 200 });
}
