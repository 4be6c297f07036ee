import { createHash, randomBytes } from 'node:crypto';
import type { ConsoleUser, PasswordLink, PasswordLinkStatus } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ConsoleError } from './errors';
import { claimAttempt, releaseAttempt } from './login-throttle';
import { hashPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { findUserById, publicUser } from './users';

export type LinkPurpose = 'invite' | 'reset';

/** An invitation stays open a week; a password reset a day (it follows a request, it's urgent). */
const LIFETIME_MS: Record<LinkPurpose, number> = { invite: 7 * 86_400_000, reset: 86_400_000 };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new one-time link for the user, replacing any earlier one. The token travels in the URL
 * fragment, which browsers never send to a server, so it stays out of access logs and Referer.
 */
export async function issueLink(
  sql: Sql,
  userId: string,
  purpose: LinkPurpose,
  now = new Date(),
): Promise<PasswordLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + LIFETIME_MS[purpose]);
  await sql.query('DELETE FROM console_password_tokens WHERE user_id = $1', [userId]);
  await sql.query(
    `INSERT INTO console_password_tokens (token_hash, user_id, purpose, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [hashOf(token), userId, purpose, now, expiresAt],
  );
  return { url: `/set-password#${token}`, expiresAt: expiresAt.toISOString() };
}

class InvalidLink extends ConsoleError {}

/**
 * Whether a link can still be used, and the e-mail of the account it is for, so the page can say
 * so before the person types a password. Nothing else about the account is told, and a wrong,
 * spent or expired token, or a disabled account, all answer the same.
 */
export async function checkLink(sql: Sql, token: string, now = new Date()): Promise<PasswordLinkStatus> {
  const [row] = await sql.query<{ purpose: LinkPurpose; expires_at: Date; email: string; disabled: boolean }>(
    `SELECT t.purpose, t.expires_at, u.email, u.disabled
       FROM console_password_tokens t JOIN console_users u ON u.id = t.user_id
      WHERE t.token_hash = $1`,
    [hashOf(token)],
  );
  if (!row || row.disabled || new Date(row.expires_at) <= now) return { valid: false };
  return {
    valid: true,
    email: row.email,
    purpose: row.purpose,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

const invalid = () =>
  new InvalidLink(400, 'bad_request', 'This link is not valid any more. Ask a console admin for a new one.');

/**
 * Sets the password of the link's user and spends the link; every other session of the user
 * ends (after a reset, whoever knew the old password is out). The link is checked before the
 * password is hashed, so a made-up link costs no argon2 work.
 */
export async function useLink(
  sql: Sql,
  token: string,
  password: string,
  now = new Date(),
): Promise<ConsoleUser> {
  const tokenHash = hashOf(token);
  const [known] = await sql.query<{ expires_at: Date | string }>(
    'SELECT expires_at FROM console_password_tokens WHERE token_hash = $1',
    [tokenHash],
  );
  if (!known || new Date(known.expires_at) <= now) throw invalid();
  const passwordHash = await hashPassword(password);
  return sql.transaction(async (tx) => {
    const [row] = await tx.query<{ user_id: string; expires_at: Date }>(
      'DELETE FROM console_password_tokens WHERE token_hash = $1 RETURNING user_id, expires_at',
      [tokenHash],
    );
    if (!row || row.expires_at <= now) throw invalid();
    const user = await findUserById(tx, row.user_id);
    if (!user || user.disabled) throw invalid();
    await tx.query('UPDATE console_users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      user.id,
      passwordHash,
    ]);
    await deleteUserSessions(tx, user.id);
    return publicUser(user);
  });
}

/**
 * useLink, throttled per network address as sign-ins are (login-throttle.ts): a few wrong links
 * in a while are a person's mistakes, more are someone guessing.
 */
export async function useLinkFrom(
  sql: Sql,
  ip: string | undefined,
  token: string,
  password: string,
): Promise<ConsoleUser> {
  let attempt: string;
  try {
    attempt = await claimAttempt(sql, { account: `password-link:${ip ?? 'unknown'}` });
  } catch (e) {
    if (!(e instanceof ConsoleError) || e.status !== 429) throw e;
    const wait = e.message.replace(/^.*try again in /, 'try again in ');
    throw new ConsoleError(
      429,
      'rate_limited',
      `Too many invalid password links from your network address; ${wait}`,
      e.details,
      e.headers,
    );
  }
  try {
    const user = await useLink(sql, token, password);
    await releaseAttempt(sql, attempt);
    return user;
  } catch (e) {
    // Only a link that did not open counts as a wrong guess.
    if (!(e instanceof InvalidLink)) await releaseAttempt(sql, attempt);
    throw e;
  }
}
