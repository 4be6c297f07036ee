import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@switchboard/shared/sql';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { openConsoleDatabase } from '../test/database';
import { ConsoleError } from './errors';
import { bindSecretKey } from './secret-box';
import {
  checkLoginCode,
  confirmEnrolment,
  currentCode,
  disableTotp,
  matchStep,
  resetTotp,
  startEnrolment,
  totpStatus,
} from './totp';
import { createUser } from './users';

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await openConsoleDatabase();
  sql = db.sql;
  await bindSecretKey(sql, randomBytes(32), 'test key');
});
afterAll(() => db.drop());

// Mid-step, so that ±30 s lands in the neighbouring steps.
const T0 = new Date('2030-01-01T12:00:15Z');
const at = (s: number) => new Date(T0.getTime() + s * 1000);
const meta = { requestId: 'r', ip: '10.0.0.1' };

async function codeOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ConsoleError)) throw new Error(`expected a ConsoleError, got ${String(err)}`);
  return `${err.status} ${err.code}`;
}

describe('TOTP', () => {
  it('accepts a code one step early or late, not two', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const step = Math.floor(T0.getTime() / 30_000);
    expect(matchStep(secret, currentCode(secret, T0), T0)).toBe(step);
    expect(matchStep(secret, currentCode(secret, at(-30)), T0)).toBe(step - 1);
    expect(matchStep(secret, currentCode(secret, at(30)), T0)).toBe(step + 1);
    expect(matchStep(secret, currentCode(secret, at(60)), T0)).toBeUndefined();
    expect(matchStep(secret, currentCode(secret, at(-60)), T0)).toBeUndefined();
  });

  it('enrols, asks for a code at sign-in, refuses replays, and turns off', async () => {
    const user = await createUser(sql, {
      email: 'totp@example.com',
      password: 'a long enough password',
      role: 'viewer',
    });
    await checkLoginCode(sql, user.id, undefined, T0);
    const { secret, uri } = await startEnrolment(sql, user);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/Switchboard:totp%40example.com?issuer=Switchboard&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(await totpStatus(sql, user.id)).toEqual({ totpEnabled: false, totpPending: true });
    const [pending] = await sql.query<{ s: string }>(
      'SELECT totp_pending_secret AS s FROM console_users WHERE id = $1',
      [user.id],
    );
    expect(pending?.s).toMatch(/^v1:[\w-]+$/);
    expect(pending?.s).not.toContain(secret);
    // Not on until confirmed.
    await checkLoginCode(sql, user.id, undefined, T0);

    expect(await codeOf(confirmEnrolment(sql, user, currentCode(secret, at(90)), meta, T0))).toBe(
      '400 invalid_code',
    );
    expect(await confirmEnrolment(sql, user, currentCode(secret, T0), meta, T0)).toEqual({
      totpEnabled: true,
      totpPending: false,
    });
    expect(await codeOf(startEnrolment(sql, user))).toBe('409 conflict');
    const [stored] = await sql.query<{ s: string }>(
      'SELECT totp_secret AS s FROM console_users WHERE id = $1',
      [user.id],
    );
    expect(stored?.s).toBe(pending?.s);

    expect(await codeOf(checkLoginCode(sql, user.id, undefined, T0))).toBe('401 totp_required');
    // The confirming code is spent.
    expect(await codeOf(checkLoginCode(sql, user.id, currentCode(secret, T0), at(5)))).toBe(
      '401 invalid_code',
    );
    await checkLoginCode(sql, user.id, currentCode(secret, at(30)), at(30));
    expect(await codeOf(checkLoginCode(sql, user.id, currentCode(secret, at(30)), at(31)))).toBe(
      '401 invalid_code',
    );
    // An older step, still within the drift window, is refused once a later one was used.
    await checkLoginCode(sql, user.id, currentCode(secret, at(90)), at(60));
    expect(await codeOf(checkLoginCode(sql, user.id, currentCode(secret, at(60)), at(60)))).toBe(
      '401 invalid_code',
    );

    expect(await codeOf(disableTotp(sql, user, currentCode(secret, at(90)), meta, at(90)))).toBe(
      '400 invalid_code',
    );
    expect(await disableTotp(sql, user, currentCode(secret, at(120)), meta, at(120))).toEqual({
      totpEnabled: false,
      totpPending: false,
    });
    await checkLoginCode(sql, user.id, undefined, at(120));
    expect(await codeOf(disableTotp(sql, user, currentCode(secret, at(150)), meta, at(150)))).toBe(
      '409 conflict',
    );

    const audit = await sql.query<{ action: string; result: string; status: number }>(
      "SELECT action, result, status FROM audit_log WHERE action LIKE 'console.totp.%' ORDER BY id",
    );
    expect(audit.map((r) => [r.action, r.result, r.status])).toEqual([
      ['console.totp.enable', 'denied', 400],
      ['console.totp.enable', 'ok', 200],
      ['console.totp.disable', 'denied', 400],
      ['console.totp.disable', 'ok', 200],
      ['console.totp.disable', 'denied', 409],
    ]);
    expect(JSON.stringify(await sql.query('SELECT * FROM audit_log'))).not.toContain(secret);
  });

  it('is cleared by resetTotp, enabled or pending', async () => {
    const user = await createUser(sql, {
      email: 'reset@example.com',
      password: 'a long enough password',
      role: 'viewer',
    });
    expect(await resetTotp(sql, user.id)).toBe(false);
    const { secret } = await startEnrolment(sql, user);
    await confirmEnrolment(sql, user, currentCode(secret, T0), meta, T0);
    await startEnrolment(sql, user).catch(() => undefined);
    expect(await resetTotp(sql, user.id)).toBe(true);
    expect(await totpStatus(sql, user.id)).toEqual({ totpEnabled: false, totpPending: false });
    await checkLoginCode(sql, user.id, undefined, T0);
  });
});
