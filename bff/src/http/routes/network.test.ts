import { CSRF_HEADER } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { rawRequest } from '../../test/raw-http';

/**
 * What the console believes about where a request comes from, configured as an operator would
 * (TRUST_PROXY=1: one reverse proxy in front, which appends the client's address to
 * X-Forwarded-For), and the requests it refuses before reading them.
 */
let bff: TestBff;
let host: string;
const PASSWORD = 'network test password';
const PROXY_SEEN = '198.51.100.7';

beforeAll(async () => {
  const settings = loadConfig({
    UPSTREAM_URL: 'http://127.0.0.1:9',
    UPSTREAM_APP_ID: 'id',
    UPSTREAM_APP_KEY: 'key',
    UPSTREAM_MASTER_KEY: 'master',
    TRUST_PROXY: '1',
    CONSOLE_ALLOWED_HOSTS: 'console.example.com',
  });
  bff = await startBff(
    testConfig('http://127.0.0.1:9', {
      trustProxy: settings.trustProxy,
      allowedHosts: settings.allowedHosts,
    }),
  );
  host = new URL(bff.url).host;
  await createUser(bff.sql, { email: 'dev@example.com', password: PASSWORD, role: 'developer' });
});
afterAll(() => bff?.close());

/** Signs in as the proxy would forward it; the plain-HTTP session cookie. */
async function cookie(): Promise<string> {
  const login = await new ConsoleClient(bff.url).call(
    'POST',
    '/api/session',
    { email: 'dev@example.com', password: PASSWORD },
    { 'x-forwarded-for': PROXY_SEEN },
  );
  expect(login.status).toBe(200);
  return login.setCookie?.split(';')[0] ?? '';
}

describe('TRUST_PROXY=1', () => {
  it('limits 25 failed sign-ins whose leftmost X-Forwarded-For rotates, and audits the real address', async () => {
    const c = new ConsoleClient(bff.url);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await c.call(
        'POST',
        '/api/session',
        { email: `nobody${i}@example.com`, password: 'wrong password 123' },
        // The client wrote the first address; the proxy appended the one it saw.
        { 'x-forwarded-for': `203.0.113.${i}, ${PROXY_SEEN}` },
      );
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array.from({ length: 20 }, () => 401));
    expect(statuses.slice(20)).toEqual(Array.from({ length: 5 }, () => 429));
    const ips = await bff.sql.query<{ ip: string }>(
      `SELECT DISTINCT ip FROM audit_log WHERE action = 'console.login' AND actor_email LIKE 'nobody%'`,
    );
    expect(ips).toEqual([{ ip: PROXY_SEEN }]);
    await bff.sql.query(`DELETE FROM console_login_failures`);
  });
});

describe('Host allowlist (DNS rebinding)', () => {
  it('refuses a name it was not given, for reads and writes, signed in or not', async () => {
    const session = await cookie();
    const evil = `evil.example:${host.split(':')[1]}`;
    const asEvil = (method: string, path: string, extra: Record<string, string> = {}, body?: string) =>
      rawRequest(bff.url, {
        method,
        path,
        headers: {
          host: evil,
          cookie: session,
          origin: `http://${evil}`,
          [CSRF_HEADER]: '1',
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...extra,
        },
        body,
      });
    const read = await asEvil('GET', '/api/session');
    expect(read.status).toBe(421);
    expect(read.text).not.toContain('dev@example.com');
    expect(JSON.parse(read.text)).toMatchObject({ code: 'bad_request', message: /CONSOLE_ALLOWED_HOSTS/ });
    // The fast path for upstream reads leaves it to the same check.
    expect((await asEvil('GET', '/api/apps/default/1.1/classes/Product')).status).toBe(421);
    const body = JSON.stringify({ name: 'x', className: 'Product', query: '' });
    expect((await asEvil('POST', '/api/apps/default/views', {}, body)).status).toBe(421);
    expect((await asEvil('GET', '/')).status).toBe(421);
    // A name forwarded by the trusted proxy is held to the same list.
    const forwarded = await rawRequest(bff.url, {
      method: 'GET',
      path: '/api/session',
      headers: { host, cookie: session, 'x-forwarded-host': 'evil.example' },
    });
    expect(forwarded.status).toBe(421);
    expect((await asEvil('GET', '/healthz')).status).toBe(200);
  });

  it('serves the names it was given, addresses and localhost', async () => {
    const session = await cookie();
    const port = host.split(':')[1];
    for (const name of [
      `console.example.com:${port}`,
      'CONSOLE.example.com',
      `localhost:${port}`,
      host,
      `[::1]:${port}`,
    ]) {
      const r = await rawRequest(bff.url, {
        method: 'GET',
        path: '/api/session',
        headers: { host: name, cookie: session },
      });
      expect(r.status, name).toBe(200);
    }
  });
});

describe('the session cookie on HTTPS', () => {
  it('is only the __Host- one: a plain sb_session cookie is not a session there', async () => {
    const plain = await cookie();
    const token = plain.slice(plain.indexOf('=') + 1);
    const https = { 'x-forwarded-proto': 'https' };
    const get = (path: string, c: string, extra: Record<string, string> = {}) =>
      rawRequest(bff.url, { method: 'GET', path, headers: { cookie: c, ...extra } });
    for (const path of ['/api/session', '/api/apps/default/1.1/classes/Product']) {
      expect((await get(path, plain, https)).status, path).toBe(401);
    }
    expect((await get('/api/session', `__Host-sb_session=${token}`, https)).status).toBe(200);
    // And over plain HTTP the __Host- cookie is not one (a browser would never send it there).
    expect((await get('/api/session', `__Host-sb_session=${token}`)).status).toBe(401);
    expect((await get('/api/session', plain)).status).toBe(200);
  });
});

describe('request bodies', () => {
  const post = (path: string, body: string, headers: Record<string, string>) =>
    rawRequest(bff.url, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      body,
    });

  it('are read only after the CSRF check, and signed out only small ones', async () => {
    const broken = await post('/api/session', '{"email":', {});
    expect(broken.status).toBe(403);
    expect(JSON.parse(broken.text)).toMatchObject({ code: 'csrf_rejected' });
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    const r = await post('/api/session', big, { [CSRF_HEADER]: '1' });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text)).toMatchObject({ code: 'bad_request' });
    // Signed in, the same size is read (and judged by the route).
    const signedIn = await post('/api/apps/default/views', big, {
      [CSRF_HEADER]: '1',
      cookie: await cookie(),
    });
    expect(signedIn.status).toBe(400);
  });
});

describe('password links', () => {
  it('are refused after a few made-up ones from one address, and audited', async () => {
    const c = new ConsoleClient(bff.url);
    const tryLink = (ip: string, i: number) =>
      c.call(
        'POST',
        '/api/password-link',
        { token: `made-up-token-${i}-${'x'.repeat(30)}`, password: 'a new password 123' },
        { 'x-forwarded-for': `10.9.9.${i}, ${ip}` },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await tryLink('192.0.2.50', i)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const limited = await tryLink('192.0.2.50', 99);
    expect(limited.json).toMatchObject({ code: 'rate_limited', message: /password links/ });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await tryLink('192.0.2.51', 0)).status).toBe(400);
    const rows = await bff.sql.query(
      `SELECT result, status FROM audit_log WHERE action = 'console.set_password' AND ip = '192.0.2.50'`,
    );
    expect(rows).toHaveLength(8);
  });
});
