import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createUser } from '../domain/users';
import { ConsoleClient, startBff, testConfig } from '../test/harness';
import type { TestBff } from '../test/harness';
import { startUpstreamServer } from '../test/upstream-server';
import type { UpstreamServer } from '../test/upstream-server';
import { UpstreamClient } from '../upstream/client';
import { fastReads } from './fast-read';

let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const people = {
  admin,
  viewer: { email: 'viewer@example.com', password: 'viewer password 123' },
  support: { email: 'support@example.com', password: 'support password 1' },
};
let config: ReturnType<typeof testConfig>;

beforeAll(async () => {
  upstream = await startUpstreamServer({ seedDemo: true });
  config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...people.viewer, role: 'viewer' });
  await createUser(bff.sql, { ...people.support, role: 'support' });
});
afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

const READS = [
  '/api/apps/default/1.1/classes/Product?limit=2&order=objectId',
  '/api/apps/default/1.1/classes/Product?limit=1&count=1&where=%7B%22price%22%3A%7B%22%24gt%22%3A10%7D%7D',
  '/api/apps/default/1.1/classes/Product?where=%7Bnot%20json',
  '/api/apps/default/1.1/classes/Product?limit=1&limit=2',
  '/api/apps/default/1.1/classes/Product?limit=-5',
  '/api/apps/default/1.1/classes/NoSuchClass?limit=1',
  '/api/apps/default/1.1/users?limit=2&order=username',
  '/api/apps/default/1.1/schemas',
  '/api/apps/default/1.1/classes/%2e%2e/Product',
  '/api/apps/default/1.1/classes/Product%2Fx',
  '/api/apps/default/1.1/not/allowlisted',
  '/api/apps/nope/1.1/classes/Product',
  '/api/apps/default/1.1/date',
];

const comparable = (r: Awaited<ReturnType<ConsoleClient['call']>>) => ({
  status: r.status,
  body: { ...r.json, requestId: typeof r.json.requestId === 'string' ? '<id>' : r.json.requestId },
  contentType: r.headers.get('content-type'),
  csp: r.headers.get('content-security-policy'),
  nosniff: r.headers.get('x-content-type-options'),
  frame: r.headers.get('x-frame-options'),
  hasRequestId: Boolean(r.headers.get('x-request-id')),
});

describe('the fast path for upstream reads', () => {
  it('answers every read exactly as the Express routes do, for every kind of user', async () => {
    const clients: [string, ConsoleClient][] = [['signed out', new ConsoleClient(bff.url)]];
    for (const [name, who] of Object.entries(people)) {
      const c = new ConsoleClient(bff.url);
      await c.login(who.email, who.password);
      clients.push([name, c]);
    }
    for (const [name, c] of clients) {
      for (const path of READS) {
        const fast = comparable(await c.call('GET', path));
        const express = comparable(await c.at(bff.expressUrl).call('GET', path));
        expect(fast, `${name} GET ${path}`).toEqual(express);
      }
    }
  });

  it('hides tokens from a role without secrets.read, as the Express route does', async () => {
    const viewer = new ConsoleClient(bff.url);
    await viewer.login(people.viewer.email, people.viewer.password);
    const r = await viewer.call('GET', '/api/apps/default/1.1/users?limit=50');
    expect(r.status).toBe(200);
    expect(r.text).not.toMatch(/"sessionToken":"(?!\[redacted\])/);
  });

  it('shows a role without secrets.read every field of the schemas, token fields included', async () => {
    const viewer = new ConsoleClient(bff.url);
    await viewer.login(people.viewer.email, people.viewer.password);
    // Schemas name fields and hold no values: `deviceToken` is a field of _Installation.
    const r = await viewer.call('GET', '/api/apps/default/1.1/schemas');
    expect(r.status).toBe(200);
    const installation = (r.json as { _Installation?: Record<string, unknown> })._Installation;
    expect(installation?.deviceToken).toEqual({ type: 'String' });
    expect(r.text).not.toContain('[redacted]');
  });

  it('serves allowed reads itself and leaves everything else to Express untouched', async () => {
    const clients = new Map(config.apps.map((a) => [a.id, { app: a, client: new UpstreamClient(a, 5000) }]));
    const fast = fastReads({
      sql: bff.sql,
      policy: config.session,
      apps: clients,
      logger: pino({ level: 'silent' }),
      logEach: false,
      trust: () => false,
      allowedHosts: [],
    });
    const probe: Server = createServer((req, res) => {
      void fast(req, res).then((handled) => {
        if (!handled) res.writeHead(599).end('left to Express');
      });
    });
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    try {
      const c = new ConsoleClient(bff.url);
      await c.login(admin.email, admin.password);
      const supportUser = new ConsoleClient(bff.url);
      await supportUser.login(people.support.email, people.support.password);
      const status = async (who: ConsoleClient, method: string, path: string) =>
        (await who.at(base).call(method, path, method === 'GET' ? undefined : {})).status;

      expect(await status(c, 'GET', READS[0]!)).toBe(200);
      expect(await status(c, 'GET', '/api/apps/default/1.1/classes/NoSuchClass?limit=1')).not.toBe(599);
      // A refusal is answered (and audited) by Express; so are writes, doubtful input and strangers.
      expect(await status(supportUser, 'GET', READS[0]!)).toBe(599);
      expect(await status(c, 'POST', '/api/apps/default/1.1/classes/Product')).toBe(599);
      expect(await status(c, 'GET', '/api/apps/default/1.1/classes/Product?limit=1&limit=2')).toBe(599);
      expect(await status(c, 'GET', '/api/apps/default/1.1/classes/%2e%2e/Product')).toBe(599);
      expect(await status(c, 'GET', '/api/apps/default/1.1/not/allowlisted')).toBe(599);
      expect(await status(new ConsoleClient(base), 'GET', READS[0]!)).toBe(599);
      expect(await status(c, 'GET', '/api/session')).toBe(599);
    } finally {
      await new Promise((r) => probe.close(r));
    }
  });
});
