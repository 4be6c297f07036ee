import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '@switchboard/shared/sql';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { openConsoleDatabase } from '../test/database';
import { ConsoleError } from './errors';
import {
  ACCOUNT_MAX_FAILURES,
  assertNotLocked,
  clearFailures,
  IP_MAX_FAILURES,
  LOCK_MS,
  lockedUntil,
  recordFailure,
  throttleKeys,
  WINDOW_MS,
} from './login-throttle';

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await openConsoleDatabase();
  sql = db.sql;
});
afterAll(() => db.drop());
beforeEach(async () => {
  await sql.query('DELETE FROM console_login_failures');
});

const T0 = new Date('2030-01-01T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MIN = 60_000;

async function refusal(p: Promise<unknown>): Promise<ConsoleError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ConsoleError)) throw new Error(`expected a ConsoleError, got ${String(err)}`);
  return err;
}

describe('login throttle', () => {
  it('keys accounts by the normalized e-mail and addresses by ip', () => {
    expect(throttleKeys('10.0.0.1', ' Ann@Example.COM ')).toEqual({
      account: 'account:ann@example.com',
      ip: 'ip:10.0.0.1',
    });
    expect(throttleKeys(undefined, 'a@example.com').ip).toBeUndefined();
  });

  it('locks an account for 15 minutes from its 5th failure within 15 minutes', async () => {
    const keys = throttleKeys('10.0.0.1', 'a@example.com');
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) await recordFailure(sql, keys, at(i * MIN));
    await expect(assertNotLocked(sql, keys, at(5 * MIN))).resolves.toBeUndefined();
    await recordFailure(sql, keys, at(10 * MIN));
    const err = await refusal(assertNotLocked(sql, keys, at(11 * MIN)));
    expect([err.status, err.code]).toEqual([429, 'locked_out']);
    expect(err.headers).toEqual({ 'Retry-After': String((LOCK_MS - MIN) / 1000) });
    expect(err.message).toBe('Too many failed sign-ins for this account; try again in 14 minutes.');
    const last = await refusal(assertNotLocked(sql, keys, at(25 * MIN - 1000)));
    expect(last.message).toBe('Too many failed sign-ins for this account; try again in 1 minute.');
    expect(last.headers).toEqual({ 'Retry-After': '1' });
    await expect(assertNotLocked(sql, keys, at(25 * MIN))).resolves.toBeUndefined();
  });

  it('does not lock when the failures are spread over more than the window', async () => {
    const keys = throttleKeys(undefined, 'b@example.com');
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) await recordFailure(sql, keys, at(i * 4 * MIN));
    expect(await lockedUntil(sql, keys.account, ACCOUNT_MAX_FAILURES, at(16 * MIN + 1))).toBeUndefined();
    // One more soon after: the last five are within 15 minutes again.
    await recordFailure(sql, keys, at(17 * MIN));
    expect(await lockedUntil(sql, keys.account, ACCOUNT_MAX_FAILURES, at(17 * MIN))).toEqual(
      at(17 * MIN + LOCK_MS),
    );
  });

  it('limits an address at 20 failures across accounts, after the account check', async () => {
    for (let i = 0; i < IP_MAX_FAILURES; i++) {
      await recordFailure(sql, throttleKeys('10.0.0.9', `user${i}@example.com`), at(i * 1000));
    }
    const fresh = throttleKeys('10.0.0.9', 'someone-else@example.com');
    const err = await refusal(assertNotLocked(sql, fresh, at(60_000)));
    expect([err.status, err.code, err.headers?.['Retry-After']]).toEqual([
      429,
      'rate_limited',
      String((LOCK_MS + 19_000 - 60_000) / 1000),
    ]);
    await expect(
      assertNotLocked(sql, throttleKeys('10.0.0.10', 'someone-else@example.com'), at(60_000)),
    ).resolves.toBeUndefined();
  });

  it('clears an account and prunes rows too old to matter', async () => {
    const keys = throttleKeys('10.0.0.2', 'c@example.com');
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) await recordFailure(sql, keys, at(i));
    await clearFailures(sql, keys.account);
    await expect(assertNotLocked(sql, keys, at(MIN))).resolves.toBeUndefined();
    const [ipRows] = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM console_login_failures WHERE key = 'ip:10.0.0.2'",
    );
    expect(ipRows?.n).toBe(ACCOUNT_MAX_FAILURES);
    await recordFailure(sql, throttleKeys('10.0.0.3', 'd@example.com'), at(WINDOW_MS + LOCK_MS + MIN));
    const keys2 = await sql.query<{ key: string }>('SELECT key FROM console_login_failures ORDER BY key');
    expect(keys2.map((r) => r.key)).toEqual(['account:d@example.com', 'ip:10.0.0.3']);
  });
});
