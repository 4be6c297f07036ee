import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';

/**
 * Session tokens are stored as SHA-256 hashes: a copy of the database does not log anyone in.
 * Each login opens a session of its own; refreshSessionToken (and a forced re-login) closes
 * all of a user's sessions.
 */
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** 25 lowercase letters and digits, the shape of LeanCloud's tokens. */
export function newSessionToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(25);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export async function openSession(sql: Sql, userId: string, now: Date): Promise<string> {
  const token = newSessionToken();
  await sql.query('INSERT INTO lc_sessions (token_hash, user_id, created_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    userId,
    now,
  ]);
  return token;
}

export async function findSessionUser(sql: Sql, token: string): Promise<string | undefined> {
  const rows = await sql.query<{ user_id: string }>('SELECT user_id FROM lc_sessions WHERE token_hash = $1', [
    hashToken(token),
  ]);
  return rows[0]?.user_id;
}

export async function closeSessions(sql: Sql, userId: string): Promise<void> {
  await sql.query('DELETE FROM lc_sessions WHERE user_id = $1', [userId]);
}
