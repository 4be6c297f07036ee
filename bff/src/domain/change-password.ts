import type { ChangeOwnPasswordBody, ConsoleUser } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { record } from './audit';
import type { RequestMeta } from './audit';
import { ConsoleError } from './errors';
import { claimAttempt, releaseAttempt, throttleKeys } from './login-throttle';
import { hashPassword, verifyPassword } from './passwords';
import { deleteOtherSessions } from './sessions';
import { findUserById } from './users';

const wrongPassword = () =>
  new ConsoleError(400, 'validation_failed', 'Your current password is not right.', [
    { path: 'currentPassword', message: 'is not your current password' },
  ]);

/**
 * The signed-in user's new password. The current one proves the person at the keyboard is the
 * account's owner; a wrong one is a guess like a failed sign-in and counts towards the same
 * lockout. Every other session of the user ends (whoever else was signed in is out); the one
 * that asked stays. Refusals and the change are audited, never a password.
 */
export async function changeOwnPassword(
  sql: Sql,
  user: ConsoleUser,
  sessionToken: string,
  body: ChangeOwnPasswordBody,
  meta: RequestMeta,
  now = new Date(),
): Promise<number> {
  const entry = { ...meta, actor: user, action: 'console.change_password', target: { consoleUser: user.id } };
  const attempt = await claimAttempt(sql, throttleKeys(meta.ip, user.email), now);
  const stored = await findUserById(sql, user.id);
  if (!stored?.passwordHash || !(await verifyPassword(stored.passwordHash, body.currentPassword))) {
    await record(sql, { ...entry, result: 'denied', status: 400 });
    throw wrongPassword();
  }
  await releaseAttempt(sql, attempt);
  if (await verifyPassword(stored.passwordHash, body.newPassword)) {
    throw new ConsoleError(400, 'validation_failed', 'Choose a password different from your current one.', [
      { path: 'newPassword', message: 'is your current password' },
    ]);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await sql.transaction(async (tx) => {
    await tx.query('UPDATE console_users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      user.id,
      passwordHash,
    ]);
    return deleteOtherSessions(tx, user.id, sessionToken);
  });
  await record(sql, { ...entry, summary: { endedSessions: ended }, result: 'ok', status: 200 });
  return ended;
}
