import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest } from '../../http/errors';
import { readAuth, setLockState } from '../../store/users';
import type { LockState } from '../../store/users';

/** Doc 1 Account lock: more than 6 failures within 15 minutes lock; 15 minutes after the last it opens. */
export const LOCK_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES = 6;

/** Locked, and the last failure less than 15 minutes ago (failures while locked prolong it). */
export function isLocked(s: LockState, now: number): boolean {
  const last = s.times[s.times.length - 1];
  return s.locked && last !== undefined && now - last < LOCK_WINDOW_MS;
}

/** The state after a failed login at `now`. */
export function afterFailure(s: LockState, now: number): LockState {
  if (isLocked(s, now)) return { locked: true, times: [...s.times.slice(-MAX_FAILURES), now] };
  const times = [...s.times.filter((t) => now - t < LOCK_WINDOW_MS), now].slice(-(MAX_FAILURES + 1));
  return { locked: times.length > MAX_FAILURES, times };
}

export const accountLocked = () =>
  badRequest(
    LcCode.AccountLocked,
    'Too many failed logins: the account is locked until 15 minutes after the last failed attempt. Try again later or reset the password.',
  );

/**
 * Counts a login attempt as a failure before its secret is checked, in one step with the lock
 * check: throws 219 while the user is locked, else commits the failure and returns whether it
 * locked the account. Checking first and counting after let a burst of parallel attempts all pass
 * the check before any failure was counted, so every guess of the burst was tried; counted first,
 * only the documented number get through. A transaction-scoped advisory lock per user serializes
 * the claims (a row lock would not: users without a password have no lc_user_auth row yet).
 */
export async function claimAttempt(sql: Sql, userId: string, now: Date): Promise<boolean> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lc_user_lock:${userId}`]);
    const { lock } = await readAuth(tx, userId);
    if (isLocked(lock, now.getTime())) throw accountLocked();
    const next = afterFailure(lock, now.getTime());
    await setLockState(tx, userId, next);
    return next.locked;
  });
}

export async function clearFailures(sql: Sql, userId: string): Promise<void> {
  await setLockState(sql, userId, { locked: false, times: [] });
}
