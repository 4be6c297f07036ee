import type { Sql } from '@switchboard/shared/sql';
import { selectByField, selectObject } from './objects';
import { tableFor } from './tables';

const USERS = tableFor('_User');

export type UserKey = 'username' | 'email' | 'mobilePhoneNumber';

/** The user whose unique field `key` equals `value` (exact, case-sensitive match). */
export const findUserBy = (sql: Sql, key: UserKey, value: string) => selectByField(sql, '_User', key, value);

export const findUserById = (sql: Sql, id: string, opts: { forUpdate?: boolean } = {}) =>
  selectObject(sql, '_User', id, opts);

/** Whether another user than `exceptId` holds `value` in `key`. */
export async function isTaken(sql: Sql, key: UserKey, value: string, exceptId?: string): Promise<boolean> {
  const rows = await sql.query(`SELECT 1 FROM ${USERS} WHERE data->>'${key}' = $1 AND id <> $2`, [
    value,
    exceptId ?? '',
  ]);
  return rows.length > 0;
}

/** Sets fields of a user's data directly (verification flags, phone number), bumping updatedAt. */
export async function patchUser(
  sql: Sql,
  id: string,
  patch: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await sql.query(`UPDATE ${USERS} SET data = data || $2::jsonb, updated_at = $3 WHERE id = $1`, [
    id,
    JSON.stringify(patch),
    now,
  ]);
}

/** Failed logins: the last few times (ms), and whether they locked the account. */
export interface LockState {
  locked: boolean;
  times: number[];
}

export interface AuthRow {
  password_hash: string | null;
  lock: LockState;
}

export async function readAuth(sql: Sql, userId: string, forUpdate = false): Promise<AuthRow> {
  const rows = await sql.query<{ password_hash: string | null; lock_state: LockState }>(
    `SELECT password_hash, lock_state FROM lc_user_auth WHERE user_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  const r = rows[0];
  return { password_hash: r?.password_hash ?? null, lock: r?.lock_state ?? { locked: false, times: [] } };
}

export async function setPasswordHash(sql: Sql, userId: string, hash: string): Promise<void> {
  await sql.query(
    `INSERT INTO lc_user_auth (user_id, password_hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash`,
    [userId, hash],
  );
}

export async function setLockState(sql: Sql, userId: string, state: LockState): Promise<void> {
  await sql.query(
    `INSERT INTO lc_user_auth (user_id, lock_state) VALUES ($1, $2::jsonb)
     ON CONFLICT (user_id) DO UPDATE SET lock_state = EXCLUDED.lock_state`,
    [userId, JSON.stringify(state)],
  );
}

/** Everything kept about a user besides its row: credentials, sessions, links, memberships. */
export async function forgetUser(sql: Sql, userId: string): Promise<void> {
  await sql.query('DELETE FROM lc_user_auth WHERE user_id = $1', [userId]);
  await sql.query('DELETE FROM lc_sessions WHERE user_id = $1', [userId]);
  await sql.query('DELETE FROM lc_auth_links WHERE user_id = $1', [userId]);
  await sql.query('DELETE FROM lc_account_tokens WHERE user_id = $1', [userId]);
  await sql.query("DELETE FROM lc_relations WHERE target_class = '_User' AND target_id = $1", [userId]);
}
