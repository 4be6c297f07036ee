import type { ConsoleUser } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { unauthenticated } from './errors';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { findUserByEmail, publicUser } from './users';

/** Checks console credentials; every failure looks the same to the caller. */
export async function checkCredentials(sql: Sql, email: string, password: string): Promise<ConsoleUser> {
  const user = await findUserByEmail(sql, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok || user.disabled) throw unauthenticated('The e-mail address or the password is wrong.');
  return publicUser(user);
}
