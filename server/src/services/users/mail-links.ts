import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../../lib/clock';
import { findToken, useToken } from '../../store/account-tokens';
import type { TokenKind } from '../../store/account-tokens';
import type { ObjectRow } from '../../store/objects';
import { closeSessions } from '../../store/sessions';
import { findUserById, patchUser, setPasswordHash } from '../../store/users';
import { hashPassword } from './passwords';

/** Why a link from a mail does not work (any other outcome: it did). */
export type LinkProblem = 'unknown' | 'used' | 'expired' | 'stale';

type Checked = { user: ObjectRow; problem?: undefined } | { problem: LinkProblem };

/**
 * A link works once, within its week, and only while the account still has the address it was
 * mailed to: after an e-mail change the old mailbox proves nothing. Locks the token row.
 */
async function check(tx: Sql, kind: TokenKind, token: string, now: Date): Promise<Checked> {
  const row = await findToken(tx, kind, token);
  if (!row) return { problem: 'unknown' };
  if (row.used_at) return { problem: 'used' };
  if (row.expires_at.getTime() <= now.getTime()) return { problem: 'expired' };
  const user = await findUserById(tx, row.user_id, { forUpdate: true });
  if (!user || user.data.email !== row.target) return { problem: 'stale' };
  return { user };
}

/** Doc 1 emailVerified: opening a valid verification link sets it true. */
export async function verifyEmailByLink(
  sql: Sql,
  clock: Clock,
  token: string,
): Promise<LinkProblem | undefined> {
  const now = clock.now();
  return sql.transaction(async (tx) => {
    const c = await check(tx, 'verify_email', token, now);
    if (c.problem) return c.problem;
    await patchUser(tx, c.user.id, { emailVerified: true }, now);
    await useToken(tx, token, now);
    return undefined;
  });
}

/** Whether a reset link would still work, without using it (the form is shown only then). */
export async function resetLinkProblem(
  sql: Sql,
  clock: Clock,
  token: string,
): Promise<LinkProblem | undefined> {
  return sql.transaction(async (tx) => (await check(tx, 'reset_password', token, clock.now())).problem);
}

/**
 * Sets the password through a reset link; Doc 1 sessionToken: a reset replaces the token, so
 * every session of the user is closed.
 */
export async function resetPasswordByLink(
  sql: Sql,
  clock: Clock,
  token: string,
  password: string,
): Promise<LinkProblem | undefined> {
  // Hashing is slow on purpose; it happens before the rows are locked.
  const hash = await hashPassword(password);
  const now = clock.now();
  return sql.transaction(async (tx) => {
    const c = await check(tx, 'reset_password', token, now);
    if (c.problem) return c.problem;
    await setPasswordHash(tx, c.user.id, hash);
    await closeSessions(tx, c.user.id);
    await useToken(tx, token, now);
    return undefined;
  });
}
