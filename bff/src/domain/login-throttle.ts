import { randomUUID } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';
import { ConsoleError } from './errors';
import { normalizeEmail } from './users';

/*
 * Sign-in throttling, kept in the bff database so that every bff process counts the same failures.
 *
 * Policy:
 * - An account with ACCOUNT_MAX_FAILURES (5) failed sign-ins within WINDOW_MS (15 minutes) is
 *   locked for LOCK_MS (15 minutes) from the failure that reached the limit. While it is locked
 *   every attempt is refused with 429 locked_out and a Retry-After header, even one with the right
 *   password. Accounts are counted by the normalized e-mail address tried, whether or not such a
 *   user exists, so the answers never tell which accounts exist.
 * - An IP address with IP_MAX_FAILURES (20) failed sign-ins within WINDOW_MS is refused for LOCK_MS
 *   likewise, with 429 rate_limited (this catches one client trying many accounts).
 * - A failure is a wrong e-mail or password, or a wrong two-step code; a refused (locked) attempt
 *   is not counted again.
 * - A successful sign-in clears the account's failures (not the address's).
 * - The lock is checked before the password is verified, so a locked account costs no argon2 work.
 *
 * Checking and counting are one step (claimAttempt): under a per-key lock, an attempt that may go
 * ahead stores its failure row at once, before the password is checked, and takes it back when it
 * turns out not to be a wrong guess. So a burst of parallel wrong attempts gets exactly the limit
 * through, never more; while attempts are in flight they count as failures (a right one then
 * takes its row back, and the lock it caused with it).
 */
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;
export const ACCOUNT_MAX_FAILURES = 5;
export const IP_MAX_FAILURES = 20;

/** Rows older than this can no longer start or extend a lock. */
const KEEP_MS = WINDOW_MS + LOCK_MS;
/** A key never gathers many more rows than its limit (locked attempts are not stored). */
const ROWS_READ = 200;

export interface ThrottleKeys {
  account: string;
  ip?: string | undefined;
}

export const throttleKeys = (ip: string | undefined, email: string): ThrottleKeys => ({
  account: `account:${normalizeEmail(email)}`,
  ip: ip ? `ip:${ip}` : undefined,
});

/** When the lock on key ends, or undefined when key is not locked at `now`. */
export async function lockedUntil(
  sql: Sql,
  key: string,
  maxFailures: number,
  now = new Date(),
): Promise<Date | undefined> {
  const rows = await sql.query<{ at: Date | string }>(
    'SELECT at FROM console_login_failures WHERE key = $1 AND at > $2 ORDER BY at DESC LIMIT $3',
    [key, new Date(now.getTime() - KEEP_MS), ROWS_READ],
  );
  const times = rows.map((r) => new Date(r.at).getTime()).reverse();
  let until: number | undefined;
  // A failure that is the maxFailures-th within the window before it starts a lock.
  for (let i = 0, first = 0; i < times.length; i++) {
    const t = times[i] as number;
    while ((times[first] as number) <= t - WINDOW_MS) first++;
    if (i - first + 1 >= maxFailures && t + LOCK_MS > now.getTime()) until = t + LOCK_MS;
  }
  return until === undefined ? undefined : new Date(until);
}

function lockError(code: 'locked_out' | 'rate_limited', until: Date, now: Date): ConsoleError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const message =
    code === 'locked_out'
      ? `Too many failed sign-ins for this account; try again in ${wait}.`
      : `Too many failed sign-ins from your network address; try again in ${wait}.`;
  return new ConsoleError(
    429,
    code,
    message,
    { retryAfterSeconds: seconds },
    { 'Retry-After': String(seconds) },
  );
}

/** Throws 429 locked_out (the account) or rate_limited (the address) while either is locked. */
export async function assertNotLocked(sql: Sql, keys: ThrottleKeys, now = new Date()): Promise<void> {
  const account = await lockedUntil(sql, keys.account, ACCOUNT_MAX_FAILURES, now);
  if (account) throw lockError('locked_out', account, now);
  const ip = keys.ip ? await lockedUntil(sql, keys.ip, IP_MAX_FAILURES, now) : undefined;
  if (ip) throw lockError('rate_limited', ip, now);
}

/** Counts one failure against the account and the address, and prunes rows too old to matter. */
export async function recordFailure(sql: Sql, keys: ThrottleKeys, now = new Date()): Promise<void> {
  const list = [keys.account, ...(keys.ip ? [keys.ip] : [])];
  await sql.query('INSERT INTO console_login_failures (key, at) SELECT unnest($1::text[]), $2::timestamptz', [
    list,
    now,
  ]);
  await sql.query('DELETE FROM console_login_failures WHERE at <= $1', [new Date(now.getTime() - KEEP_MS)]);
}

/** Sorted, so two attempts taking the same keys never wait on each other in a cycle. */
const sortedKeys = (keys: ThrottleKeys) => [keys.account, ...(keys.ip ? [keys.ip] : [])].sort();

/**
 * Throws 429 like assertNotLocked, else counts the attempt as a failure right away and returns its
 * id, all while holding the keys' locks (transaction-scoped advisory locks, on PGlite and
 * Postgres alike). Pass the id to releaseAttempt when the attempt was not a wrong guess.
 */
export async function claimAttempt(sql: Sql, keys: ThrottleKeys, now = new Date()): Promise<string> {
  const attempt = randomUUID();
  const list = sortedKeys(keys);
  await sql.transaction(async (tx) => {
    for (const key of list) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    await assertNotLocked(tx, keys, now);
    await tx.query(
      'INSERT INTO console_login_failures (key, at, attempt) SELECT unnest($1::text[]), $2::timestamptz, $3',
      [list, now, attempt],
    );
  });
  await sql.query('DELETE FROM console_login_failures WHERE at <= $1', [new Date(now.getTime() - KEEP_MS)]);
  return attempt;
}

/** Takes back the failure rows of an attempt that was not a wrong guess (or succeeded). */
export async function releaseAttempt(sql: Sql, attempt: string): Promise<void> {
  await sql.query('DELETE FROM console_login_failures WHERE attempt = $1', [attempt]);
}

export async function clearFailures(sql: Sql, key: string): Promise<void> {
  await sql.query('DELETE FROM console_login_failures WHERE key = $1', [key]);
}
