import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '@switchboard/shared/sql';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { openConsoleDatabase } from '../test/database';
import { ConsoleError } from './errors';
import { ACCOUNT_MAX_FAILURES, IP_MAX_FAILURES } from './login-throttle';
import { bindSecretKey } from './secret-box';
import { signIn } from './sign-in';
import { confirmEnrolment, currentCode, startEnrolment } from './totp';
import { createUser } from './users';

let db: TestDatabase;
let sql: Sql;
const PASSWORD = 'a long enough password';
beforeAll(async () => {
  db = await openConsoleDatabase();
  sql = db.sql;
  await bindSecretKey(sql, randomBytes(32), 'test key');
  await createUser(sql, { email: 'burst@example.com', password: PASSWORD, role: 'viewer' });
});
afterAll(() => db.drop());
beforeEach(async () => {
  await sql.query('DELETE FROM console_login_failures');
});

const meta = (ip: string) => ({ requestId: 'r', ip });

/** Each attempt's outcome as "status code" (or "200 ok"). */
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => '200 ok',
    (e: unknown) => (e instanceof ConsoleError ? `${e.status} ${e.code}` : `thrown ${String(e)}`),
  );

const tally = (outcomes: string[]) =>
  outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {});

async function failures(key: string): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM console_login_failures WHERE key = $1',
    [key],
  );
  return row?.n ?? 0;
}

describe('sign-in lockout under concurrency', () => {
  it('lets exactly the limit of 30 parallel wrong passwords through, and locks the account', async () => {
    const attempts = Array.from({ length: 30 }, () =>
      outcome(signIn(sql, { email: 'burst@example.com', password: 'wrong password!' }, meta('10.1.0.1'))),
    );
    expect(tally(await Promise.all(attempts))).toEqual({
      '401 unauthenticated': ACCOUNT_MAX_FAILURES,
      '429 locked_out': 30 - ACCOUNT_MAX_FAILURES,
    });
    expect(await failures('account:burst@example.com')).toBe(ACCOUNT_MAX_FAILURES);
    expect(await failures('ip:10.1.0.1')).toBe(ACCOUNT_MAX_FAILURES);
    // Locked: even the right password is refused, and that refusal is not counted.
    expect(
      await outcome(signIn(sql, { email: 'burst@example.com', password: PASSWORD }, meta('10.1.0.2'))),
    ).toBe('429 locked_out');
    expect(await failures('account:burst@example.com')).toBe(ACCOUNT_MAX_FAILURES);
    const audit = await sql.query<{ status: number; n: number }>(
      `SELECT status, count(*)::int AS n FROM audit_log
        WHERE action = 'console.login' AND actor_email = 'burst@example.com' GROUP BY status ORDER BY status`,
    );
    expect(audit).toEqual([
      { status: 401, n: ACCOUNT_MAX_FAILURES },
      { status: 429, n: 30 - ACCOUNT_MAX_FAILURES + 1 },
    ]);
  });

  it('lets exactly the address limit through when one address tries 30 accounts at once', async () => {
    const attempts = Array.from({ length: 30 }, (_, i) =>
      outcome(
        signIn(sql, { email: `nobody${i}@example.com`, password: 'wrong password!' }, meta('10.2.0.1')),
      ),
    );
    expect(tally(await Promise.all(attempts))).toEqual({
      '401 unauthenticated': IP_MAX_FAILURES,
      '429 rate_limited': 30 - IP_MAX_FAILURES,
    });
    expect(await failures('ip:10.2.0.1')).toBe(IP_MAX_FAILURES);
  });

  it('takes back the claim of an attempt that was not a wrong guess', async () => {
    const user = await createUser(sql, { email: 'two-step@example.com', password: PASSWORD, role: 'viewer' });
    const now = new Date('2030-01-01T12:00:15Z');
    const { secret } = await startEnrolment(sql, user);
    await confirmEnrolment(sql, user, currentCode(secret, now), meta('10.3.0.1'), now);
    const body = { email: 'two-step@example.com', password: PASSWORD };
    // Right password without the code: asks for it, counts nothing.
    expect(await outcome(signIn(sql, body, meta('10.3.0.1'), now))).toBe('401 totp_required');
    expect(await failures('ip:10.3.0.1')).toBe(0);
    // A wrong code is a guess and counts.
    expect(await outcome(signIn(sql, { ...body, totp: '000000' }, meta('10.3.0.1'), now))).toBe(
      '401 invalid_code',
    );
    expect(await failures('ip:10.3.0.1')).toBe(1);
    const later = new Date(now.getTime() + 30_000);
    expect(
      await outcome(signIn(sql, { ...body, totp: currentCode(secret, later) }, meta('10.3.0.1'), later)),
    ).toBe('200 ok');
    expect(await failures('account:two-step@example.com')).toBe(0);
    expect(await failures('ip:10.3.0.1')).toBe(1);
  });
});
