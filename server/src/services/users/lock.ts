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

/** Throws 219 when the user is locked out at `now`. */
export async function assertOpen(sql: Sql, userId: string, now: Date): Promise<void> {
  const auth = await readAuth(sql, userId);
  if (isLocked(auth.lock, now.getTime())) throw accountLocked();
}

/** Records a failed login; returns whether the account is now locked. */
export async function recordFailure(sql: Sql, userId: string, now: Date): Promise<boolean> {
  const auth = await readAuth(sql, userId, true);
  const next = afterFailure(auth.lock, now.getTime());
  await setLockState(sql, userId, next);
  return next.locked;
}

export async function clearFailures(sql: Sql, userId: string): Promise<void> {
  await setLockState(sql, userId, { locked: false, times: [] });
}
