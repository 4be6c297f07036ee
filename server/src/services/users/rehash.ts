import type { Sql } from '@switchboard/shared/sql';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { readAuth } from '../../store/users';

/**
 * Checks a login password; when it matches a hash imported from LeanCloud, replaces that hash
 * with an argon2id one. The update only lands if the stored hash is still the one checked, so a
 * password changed meanwhile is never overwritten by the old one.
 */
export async function checkLoginPassword(sql: Sql, userId: string, password: string): Promise<boolean> {
  const stored = (await readAuth(sql, userId)).password_hash;
  if (!(await verifyPassword(stored, password))) return false;
  if (stored && needsRehash(stored)) {
    await sql.query('UPDATE lc_user_auth SET password_hash = $3 WHERE user_id = $1 AND password_hash = $2', [
      userId,
      stored,
      await hashPassword(password),
    ]);
  }
  return true;
}
