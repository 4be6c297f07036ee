import { createHash, randomBytes } from 'node:crypto';
import type { ConsoleUser } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { cachedSession, cacheSession, forgetSession, forgetUser } from './session-cache';
import { publicUser, toRecord, USER_COLUMNS } from './users';
import type { UserRow } from './users';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

/** Only a hash of the cookie value is stored, so a copy of the table does not hand out sessions. */
const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Throttles last-seen writes: once a minute per session is enough for an idle timeout. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  sql: Sql,
  userId: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql.query(
    'INSERT INTO console_sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)',
    [idOf(token), userId, now, new Date(now.getTime() + policy.absoluteMs)],
  );
  await sql.query('UPDATE console_users SET last_login_at = $2 WHERE id = $1', [userId, now]);
  return token;
}

interface Row extends UserRow {
  session_id: string;
  last_seen_at: Date;
  expires_at: Date;
}

/** The user behind a session cookie, or undefined when it is unknown, expired, idle or disabled. */
export async function resolveSession(
  sql: Sql,
  token: string,
  policy: SessionPolicy,
  now = new Date(),
): Promise<ConsoleUser | undefined> {
  const sessionId = idOf(token);
  const cached = cachedSession(sessionId, now.getTime());
  if (cached) return cached;
  const rows = await sql.query<Row>(
    `SELECT s.id AS session_id, s.last_seen_at, s.expires_at, ${USER_COLUMNS}
       FROM console_sessions s JOIN console_users u ON u.id = s.user_id WHERE s.id = $1`,
    [sessionId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const idle = now.getTime() - row.last_seen_at.getTime() > policy.idleMs;
  if (row.disabled || idle || now >= row.expires_at) {
    await sql.query('DELETE FROM console_sessions WHERE id = $1', [row.session_id]);
    return undefined;
  }
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await sql.query('UPDATE console_sessions SET last_seen_at = $2 WHERE id = $1', [row.session_id, now]);
  }
  const user = publicUser(toRecord(row));
  cacheSession(sessionId, user, now.getTime());
  return user;
}

export async function deleteSession(sql: Sql, token: string): Promise<void> {
  forgetSession(idOf(token));
  await sql.query('DELETE FROM console_sessions WHERE id = $1', [idOf(token)]);
}

/** Ends every session of a user but the one of `keepToken`; returns how many ended. */
export async function deleteOtherSessions(sql: Sql, userId: string, keepToken: string): Promise<number> {
  forgetUser(userId);
  const rows = await sql.query('DELETE FROM console_sessions WHERE user_id = $1 AND id <> $2 RETURNING id', [
    userId,
    idOf(keepToken),
  ]);
  forgetUser(userId);
  return rows.length;
}

/** Ends every session of a user (log out everywhere); returns how many there were. */
export async function deleteUserSessions(sql: Sql, userId: string): Promise<number> {
  forgetUser(userId);
  const rows = await sql.query('DELETE FROM console_sessions WHERE user_id = $1 RETURNING id', [userId]);
  // Again: a request resolving the session meanwhile may have cached it.
  forgetUser(userId);
  return rows.length;
}
