import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCode } from '../../domain/totp';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';

// Behind a trusted proxy each test signs in from its own address (X-Forwarded-For), so the
// per-address limit of one test does not spill into the others.
let bff: TestBff;
beforeAll(async () => {
  bff = await startBff(testConfig('http://127.0.0.1:9', { trustProxy: 1 }));
});
afterAll(() => bff.close());

const PASSWORD = 'a long enough password';
const WRONG = 'not the password at all';

async function user(email: string) {
  return createUser(bff.sql, { email, password: PASSWORD, role: 'viewer' });
}

/** A browser signing in from `ip`. */
function from(ip: string) {
  const c = new ConsoleClient(bff.url);
  const headers = { 'x-forwarded-for': ip };
  return {
    client: c,
    login: (email: string, password: string, totp?: string) =>
      c.call('POST', '/api/session', { email, password, ...(totp ? { totp } : {}) }, headers),
    call: (method: string, path: string, body?: unknown) => c.call(method, path, body, headers),
  };
}

const failures = async (key: string) =>
  (
    await bff.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM console_login_failures WHERE key = $1',
      [key],
    )
  )[0]?.n;

describe('account lockout', () => {
  it('locks an account after 5 failures, refusing even the right password, with Retry-After', async () => {
    await user('lock@example.com');
    const b = from('10.1.0.1');
    for (let i = 0; i < 5; i++) expect((await b.login('lock@example.com', WRONG)).status).toBe(401);
    const locked = await b.login('lock@example.com', PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({
      code: 'locked_out',
      message: 'Too many failed sign-ins for this account; try again in 15 minutes.',
    });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.setCookie).toBeNull();
    // From another address too: the lock is on the account.
    expect((await from('10.1.0.2').login('LOCK@example.com', PASSWORD)).json.code).toBe('locked_out');
    // Locked attempts are not counted again.
    expect(await failures('account:lock@example.com')).toBe(5);

    const audit = await bff.sql.query<{ result: string; status: number; summary: unknown; ip: string }>(
      "SELECT result, status, summary, ip FROM audit_log WHERE action = 'console.login' AND actor_email = 'lock@example.com' ORDER BY id",
    );
    expect(audit.map((r) => [r.result, r.status])).toEqual([
      ...Array.from({ length: 5 }, () => ['denied', 401]),
      ['denied', 429],
      ['denied', 429],
    ]);
    expect(audit[5]).toMatchObject({
      summary: { email: 'lock@example.com', refused: 'locked_out' },
      ip: '10.1.0.1',
    });
  });

  it('locks an unknown account the same way, so lockouts do not tell which accounts exist', async () => {
    const b = from('10.2.0.1');
    for (let i = 0; i < 5; i++) expect((await b.login('ghost@example.com', WRONG)).status).toBe(401);
    const locked = await b.login('ghost@example.com', WRONG);
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({
      code: 'locked_out',
      message: 'Too many failed sign-ins for this account; try again in 15 minutes.',
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('clears the account failures on success', async () => {
    await user('clears@example.com');
    const b = from('10.3.0.1');
    for (let i = 0; i < 4; i++) await b.login('clears@example.com', WRONG);
    expect(await failures('account:clears@example.com')).toBe(4);
    expect((await b.login('clears@example.com', PASSWORD)).status).toBe(200);
    expect(await failures('account:clears@example.com')).toBe(0);
    for (let i = 0; i < 4; i++) await b.login('clears@example.com', WRONG);
    expect((await b.login('clears@example.com', PASSWORD)).status).toBe(200);
  });

  it('lets failures expire: the lock lasts 15 minutes from the 5th failure', async () => {
    await user('expire@example.com');
    const b = from('10.4.0.1');
    const insert = (minutesAgo: number, n: number) =>
      bff.sql.query(
        `INSERT INTO console_login_failures (key, at)
         SELECT 'account:expire@example.com', now() - make_interval(mins => $1) FROM generate_series(1, $2)`,
        [minutesAgo, n],
      );
    // Five failures 16 minutes ago: that lock ended a minute ago.
    await insert(16, 5);
    expect((await b.login('expire@example.com', PASSWORD)).status).toBe(200);
    // Five failures 10 minutes ago: locked for 5 more minutes.
    await insert(10, 5);
    const locked = await b.login('expire@example.com', PASSWORD);
    expect(locked.json.code).toBe('locked_out');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(4 * 60);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(5 * 60);
    expect(locked.json.message).toBe('Too many failed sign-ins for this account; try again in 5 minutes.');
  });

  it('limits an address to 20 failures across accounts', async () => {
    await user('victim@example.com');
    const b = from('10.5.0.1');
    for (let i = 0; i < 20; i++) {
      expect((await b.login(`spray${i}@example.com`, WRONG)).status).toBe(401);
    }
    const limited = await b.login('victim@example.com', PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    expect(limited.json.message).toMatch(
      /^Too many failed sign-ins from your network address; try again in 15 minutes\.$/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The account itself is not locked: from elsewhere it signs in.
    expect((await from('10.5.0.2').login('victim@example.com', PASSWORD)).status).toBe(200);
  });
});

describe('two-step sign-in (TOTP)', () => {
  it('enrols, then requires a valid, unused code at sign-in, and turns off with a code', async () => {
    await user('totp@example.com');
    const b = from('10.6.0.1');
    await b.login('totp@example.com', PASSWORD);
    expect((await b.call('GET', '/api/session/totp')).json).toEqual({
      totpEnabled: false,
      totpPending: false,
    });

    const start = await b.call('POST', '/api/session/totp');
    expect(start.status).toBe(200);
    expect(start.headers.get('cache-control')).toBe('no-store');
    const secret = String(start.json.secret);
    expect(start.json.uri).toMatch(/^otpauth:\/\/totp\/Switchboard:totp%40example\.com\?issuer=Switchboard&/);
    expect(start.json.uri).toContain(`secret=${secret}`);
    expect((await b.call('GET', '/api/session/totp')).json).toEqual({
      totpEnabled: false,
      totpPending: true,
    });

    const now = Date.now();
    const codeAt = (s: number) => currentCode(secret, new Date(now + s * 1000));
    const near = new Set([codeAt(-30), codeAt(0), codeAt(30), codeAt(60)]);
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !near.has(c)) as string;

    const badConfirm = await b.call('POST', '/api/session/totp/confirm', { code: wrong });
    expect(badConfirm.status).toBe(400);
    expect(badConfirm.json.code).toBe('invalid_code');
    const notDigits = await b.call('POST', '/api/session/totp/confirm', { code: '12a456' });
    expect(notDigits.json.code).toBe('validation_failed');
    const confirm = await b.call('POST', '/api/session/totp/confirm', { code: codeAt(0) });
    expect(confirm.status).toBe(200);
    expect(confirm.json).toEqual({ totpEnabled: true, totpPending: false });
    expect((await b.call('POST', '/api/session/totp')).status).toBe(409);

    // Without a code: the password was right, the code is still needed.
    const other = from('10.6.0.2');
    const noCode = await other.login('totp@example.com', PASSWORD);
    expect(noCode.status).toBe(401);
    expect(noCode.json).toMatchObject({
      code: 'totp_required',
      message: 'Enter the 6-digit code from your authenticator app.',
    });
    expect(noCode.setCookie).toBeNull();
    // A wrong password with a code is still just a wrong password.
    expect((await other.login('totp@example.com', WRONG, codeAt(30))).json.code).toBe('unauthenticated');
    // A wrong code counts towards the lockout.
    const badCode = await other.login('totp@example.com', PASSWORD, wrong);
    expect(badCode.status).toBe(401);
    expect(badCode.json.code).toBe('invalid_code');
    expect(await failures('account:totp@example.com')).toBe(2);
    // The code used to confirm cannot sign in; the next one can, once.
    expect((await other.login('totp@example.com', PASSWORD, codeAt(0))).json.code).toBe('invalid_code');
    const ok = await other.login('totp@example.com', PASSWORD, codeAt(30));
    expect(ok.status).toBe(200);
    expect(await failures('account:totp@example.com')).toBe(0);
    const replay = await from('10.6.0.3').login('totp@example.com', PASSWORD, codeAt(30));
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe('invalid_code');

    // Turning it off takes a valid code too; a used one is refused.
    const badOff = await other.call('DELETE', '/api/session/totp', { code: codeAt(30) });
    expect(badOff.status).toBe(400);
    expect(badOff.json.code).toBe('invalid_code');
    // As if a minute and a half had passed since the last code was used.
    await bff.sql.query(
      "UPDATE console_users SET totp_last_step = totp_last_step - 3 WHERE email = 'totp@example.com'",
    );
    const off = await other.call('DELETE', '/api/session/totp', { code: codeAt(0) });
    expect(off.status).toBe(200);
    expect(off.json).toEqual({ totpEnabled: false, totpPending: false });
    expect((await from('10.6.0.4').login('totp@example.com', PASSWORD)).status).toBe(200);

    const audit = await bff.sql.query<{ action: string; result: string; actor_email: string }>(
      "SELECT action, result, actor_email FROM audit_log WHERE action LIKE 'console.totp.%' ORDER BY id",
    );
    expect(audit.map((r) => [r.action, r.result, r.actor_email])).toEqual([
      ['console.totp.enable', 'denied', 'totp@example.com'],
      ['console.totp.enable', 'ok', 'totp@example.com'],
      ['console.totp.disable', 'denied', 'totp@example.com'],
      ['console.totp.disable', 'ok', 'totp@example.com'],
    ]);
  });

  it('needs a session and the CSRF header', async () => {
    const anon = new ConsoleClient(bff.url);
    expect((await anon.call('GET', '/api/session/totp')).status).toBe(401);
    expect((await anon.call('POST', '/api/session/totp')).status).toBe(401);
    expect((await anon.call('POST', '/api/session/totp/confirm', { code: '123456' })).status).toBe(401);
    expect((await anon.call('DELETE', '/api/session/totp', { code: '123456' })).status).toBe(401);
    await user('csrf@example.com');
    const b = from('10.7.0.1');
    await b.login('csrf@example.com', PASSWORD);
    const noHeader = await b.client.call('POST', '/api/session/totp', undefined, {
      'x-switchboard-csrf': '',
    });
    expect(noHeader.status).toBe(403);
    expect(noHeader.json.code).toBe('csrf_rejected');
  });
});

describe('log out everywhere', () => {
  it("ends every session of the user, another browser's too, and only theirs", async () => {
    await user('everywhere@example.com');
    await user('bystander@example.com');
    const a = from('10.8.0.1');
    const b = from('10.8.0.2');
    const c = from('10.8.0.3');
    await a.login('everywhere@example.com', PASSWORD);
    await b.login('everywhere@example.com', PASSWORD);
    await c.login('bystander@example.com', PASSWORD);

    const noHeader = await a.client.call('DELETE', '/api/session/all', undefined, {
      'x-switchboard-csrf': '',
    });
    expect(noHeader.status).toBe(403);

    const all = await a.call('DELETE', '/api/session/all');
    expect(all.status).toBe(200);
    expect(all.json).toEqual({ ended: 2 });
    expect(all.setCookie).toMatch(/sb_session=;/);
    expect((await a.call('GET', '/api/session')).status).toBe(401);
    expect((await b.call('GET', '/api/session')).status).toBe(401);
    expect((await c.call('GET', '/api/session')).status).toBe(200);
    expect((await new ConsoleClient(bff.url).call('DELETE', '/api/session/all')).status).toBe(401);

    const audit = await bff.sql.query<{ actor_email: string; summary: unknown; result: string }>(
      "SELECT actor_email, summary, result FROM audit_log WHERE action = 'console.logout_all'",
    );
    expect(audit).toEqual([
      { actor_email: 'everywhere@example.com', summary: { sessions: 2 }, result: 'ok' },
    ]);
  });
});
