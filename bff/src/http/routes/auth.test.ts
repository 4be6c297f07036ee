import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';

// Auth flows need no upstream: the app list and session routes never call it.
let bff: TestBff;
beforeAll(async () => {
  bff = await startBff(testConfig('http://127.0.0.1:9'));
});
afterAll(() => bff.close());

const PASSWORD = 'a long enough password';

describe('first-run setup', () => {
  it('is needed until the first admin exists, and refuses a wrong token', async () => {
    const c = new ConsoleClient(bff.url);
    expect(bff.setupToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await c.call('GET', '/api/setup')).json).toEqual({ needed: true });
    const wrong = await c.call('POST', '/api/setup', {
      token: 'nope',
      email: 'root@example.com',
      password: PASSWORD,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/setup token/) });
    const weak = await c.call('POST', '/api/setup', {
      token: bff.setupToken,
      email: 'root@example.com',
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.json).toMatchObject({ code: 'validation_failed', message: 'use at least 12 characters' });
    // Each issue carries a code and its parameters, so the console can say it in the reader's language.
    expect(weak.json.details).toEqual([
      { path: 'password', message: 'use at least 12 characters', code: 'too_short', params: { min: 12 } },
    ]);
    const blank = await c.call('POST', '/api/setup', {
      token: '',
      email: 'not an address',
      password: PASSWORD,
    });
    expect(blank.json.details).toEqual([
      { path: 'token', message: expect.any(String), code: 'required' },
      { path: 'email', message: expect.any(String), code: 'invalid_email' },
    ]);
  });

  it('creates the admin with the token, signs them in, and is then closed', async () => {
    const c = new ConsoleClient(bff.url);
    const ok = await c.call('POST', '/api/setup', {
      token: bff.setupToken,
      email: 'Root@Example.com',
      password: PASSWORD,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ user: { email: 'root@example.com', role: 'admin' } });
    expect(ok.setCookie).toMatch(/HttpOnly/i);
    expect(ok.setCookie).toMatch(/SameSite=Strict/i);
    expect((await c.call('GET', '/api/session')).status).toBe(200);
    expect((await c.call('GET', '/api/setup')).json).toEqual({ needed: false });
    const again = await new ConsoleClient(bff.url).call('POST', '/api/setup', {
      token: bff.setupToken,
      email: 'x@example.com',
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
  });

  it('leaves every attempt in the audit log without the token or the password', async () => {
    const rows = await bff.sql.query<{ action: string; result: string; status: number; summary: unknown }>(
      "SELECT action, result, status, summary FROM audit_log WHERE action = 'console.setup' ORDER BY id",
    );
    expect(rows.map((r) => [r.result, r.status])).toEqual([
      ['denied', 403],
      ['ok', 200],
      ['denied', 409],
    ]);
    expect(rows[1]?.summary).toEqual({ email: 'root@example.com' });
    const all = JSON.stringify(await bff.sql.query('SELECT * FROM audit_log'));
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(String(bff.setupToken));
  });
});

describe('login, session, logout', () => {
  it('refuses a wrong password with one message for both failures', async () => {
    const c = new ConsoleClient(bff.url);
    const wrong = await c.call('POST', '/api/session', {
      email: 'root@example.com',
      password: 'not the password',
    });
    const unknown = await c.call('POST', '/api/session', {
      email: 'nobody@example.com',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.message).toBe(unknown.json.message);
    expect(typeof wrong.json.requestId).toBe('string');
  });

  it('signs in with a fresh session id each time and signs out', async () => {
    const c = new ConsoleClient(bff.url);
    const first = await c.login('root@example.com', PASSWORD);
    const second = await c.login('ROOT@example.com', PASSWORD);
    expect(first.setCookie).not.toBe(second.setCookie);
    expect((await c.call('GET', '/api/session')).json).toMatchObject({
      user: { role: 'admin' },
      permissions: expect.arrayContaining(['data.read', 'audit.read']),
    });
    expect((await c.call('DELETE', '/api/session')).status).toBe(200);
    expect((await c.call('GET', '/api/session')).status).toBe(401);
  });

  it('never adopts a session id chosen before sign-in (no session fixation)', async () => {
    const planted = 'attacker-chosen-session-id-0123456789abcdef';
    const victim = new ConsoleClient(bff.url);
    const r = await victim.call(
      'POST',
      '/api/session',
      { email: 'root@example.com', password: PASSWORD },
      { cookie: `sb_session=${planted}` },
    );
    expect(r.status).toBe(200);
    expect(r.setCookie).toMatch(/^sb_session=/);
    expect(r.setCookie).not.toContain(planted);
    expect(r.setCookie).toMatch(/HttpOnly/i);
    expect(r.setCookie).toMatch(/SameSite=Strict/i);
    const attacker = await new ConsoleClient(bff.url).call('GET', '/api/session', undefined, {
      cookie: `sb_session=${planted}`,
    });
    expect(attacker.status).toBe(401);
    // The id issued before a second sign-in stops working too.
    const before = r.setCookie?.split(';')[0] ?? '';
    await victim.login('root@example.com', PASSWORD);
    const old = await new ConsoleClient(bff.url).call('GET', '/api/session', undefined, { cookie: before });
    expect(old.status).toBe(401);
  });

  it('requires a session for the app list', async () => {
    const r = await new ConsoleClient(bff.url).call('GET', '/api/apps');
    expect(r.status).toBe(401);
    expect(r.json.code).toBe('unauthenticated');
  });
});

describe('CSRF', () => {
  it('refuses writes without the custom header, from another origin, or cross-site', async () => {
    const c = new ConsoleClient(bff.url);
    const noHeader = await c.call(
      'POST',
      '/api/session',
      { email: 'root@example.com', password: PASSWORD },
      { 'x-switchboard-csrf': '' },
    );
    expect(noHeader.status).toBe(403);
    expect(noHeader.json.code).toBe('csrf_rejected');
    const otherOrigin = await c.call(
      'POST',
      '/api/session',
      { email: 'root@example.com', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(otherOrigin.status).toBe(403);
    const crossSite = await c.call('DELETE', '/api/session', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
  });

  it('answers malformed JSON with a 400 in the console error model', async () => {
    const res = await fetch(`${bff.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard-csrf': '1' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'bad_request',
      message: 'The request body is not valid JSON.',
    });
  });
});

describe('behind an HTTPS proxy', () => {
  let secure: Awaited<ReturnType<typeof startBff>>;
  beforeAll(async () => {
    secure = await startBff(
      testConfig('http://127.0.0.1:9', {
        trustProxy: 1,
        initialAdmin: { email: 'tls@example.com', password: PASSWORD },
      }),
    );
  });
  afterAll(() => secure.close());

  it('names the cookie __Host- with Secure, and reads it back', async () => {
    const c = new ConsoleClient(secure.url);
    const https = { 'x-forwarded-proto': 'https' };
    const origin = { ...https, origin: `https://${new URL(secure.url).host}` };
    const r = await c.call('POST', '/api/session', { email: 'tls@example.com', password: PASSWORD }, origin);
    expect(r.status).toBe(200);
    expect(r.setCookie).toMatch(/^__Host-sb_session=/);
    expect(r.setCookie).toMatch(/; Secure/i);
    expect(r.setCookie).toMatch(/; Path=\//i);
    expect(r.setCookie).not.toMatch(/Domain=/i);
    expect((await c.call('GET', '/api/session', undefined, https)).status).toBe(200);
  });
});
