import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { signedIn, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { masterCall, startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/**
 * A role without `secrets.read` (viewer, support) sees tokens as "[redacted]", and may not learn
 * them another way: scan cursors, where oracles, sub-queries, sorting, nor by nesting them deep.
 */
let upstream: UpstreamServer;
let bff: TestBff;
const TOKEN = 'wxtokenSECRETabc123';
const DEEP_SECRET = 'deepSECRETvalue987';
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };
const support = { email: 'support@example.com', password: 'support password 1' };
const dev = { email: 'dev@example.com', password: 'developer password' };

/** {a: {a: ... {apiToken: secret}}}, `depth` objects deep. */
const nested = (depth: number, secret: string): unknown => {
  let v: unknown = { apiToken: secret, note: 'visible' };
  for (let i = 1; i < depth; i++) v = { a: v };
  return v;
};

beforeAll(async () => {
  upstream = await startUpstreamServer();
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
  await createUser(bff.sql, { ...support, role: 'support' });
  await createUser(bff.sql, { ...dev, role: 'developer' });
  for (const [name, token] of [
    ['alice', TOKEN],
    ['bob', 'zzzOTHERtoken'],
    ['carol', 'aaaTHIRDtoken'],
  ] as const) {
    const r = await masterCall(upstream, 'POST', '/1.1/users', {
      username: name,
      password: `${name} password`,
      authData: { weixin: { access_token: token, openid: `open-${name}`, expires_in: 7200 } },
    });
    expect(r.objectId, JSON.stringify(r)).toBeTypeOf('string');
  }
  const deep = await masterCall(upstream, 'POST', '/1.1/classes/Vault', { doc: nested(80, DEEP_SECRET) });
  expect(deep.objectId, JSON.stringify(deep)).toBeTypeOf('string');
}, 120_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

const as = (user: { email: string; password: string }) => signedIn(bff.url, user);
const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  ).toString();

describe('scan cursors', () => {
  it('a scan on a hidden field is refused (its cursor would hold the value), and audited', async () => {
    for (const user of [viewer, support]) {
      const c = await as(user);
      const r = await c.call(
        'GET',
        `/api/apps/default/1.1/scan/classes/_User?${q({ scan_key: '-authData.weixin.access_token', limit: '1' })}`,
      );
      expect(r.status, r.text).toBe(403);
      expect(r.text).not.toContain(TOKEN);
      expect(r.json.cursor).toBeUndefined();
    }
    const rows = await bff.sql.query<{ result: string; actor_email: string }>(
      `SELECT result, actor_email FROM audit_log WHERE summary->'query'->>'scan_key' LIKE '%access_token'`,
    );
    expect(rows.map((r) => [r.actor_email, r.result])).toEqual([
      [viewer.email, 'denied'],
      [support.email, 'denied'],
    ]);
  });

  it('a cursor handed to the browser carries no value, and still pages through the scan', async () => {
    const c = await as(viewer);
    const base = '/api/apps/default/1.1/scan/classes/_User';
    const first = await c.call('GET', `${base}?${q({ scan_key: 'username', limit: '1' })}`);
    expect(first.status, first.text).toBe(200);
    const cursor = String(first.json.cursor);
    // Our server's cursor is base64url JSON {k, v: <last username>, e}; a sealed one is not.
    expect(Buffer.from(cursor.split('.')[0] ?? '', 'base64url').toString()).not.toContain('alice');
    const second = await c.call('GET', `${base}?${q({ scan_key: 'username', limit: '1', cursor })}`);
    expect(second.status, second.text).toBe(200);
    expect((second.json.results as { username: string }[])[0]?.username).toBe('bob');
    // Another user cannot replay it, nor can a made-up one pass.
    const other = await as(support);
    const replay = await other.call('GET', `${base}?${q({ scan_key: 'username', limit: '1', cursor })}`);
    expect(replay.status).toBe(400);
  });
});

describe('queries naming hidden fields', () => {
  const users = '/api/apps/default/1.1/classes/_User';
  const refused: [string, Record<string, unknown>][] = [
    [
      'a regex oracle with count=1',
      { where: { 'authData.weixin.access_token': { $regex: '^wx' } }, count: '1', limit: '0' },
    ],
    ['an $or branch', { where: { $or: [{ username: 'x' }, { sessionToken: { $exists: true } }] } }],
    ['containment on the platform object', { where: { 'authData.weixin': { access_token: TOKEN } } }],
    ['a comparison on authData itself', { where: { authData: { $gt: { weixin: {} } } } }],
    [
      'a sub-query on _User',
      {
        where: {
          $and: [
            {
              objectId: {
                $inQuery: { className: '_User', where: { 'authData.weixin.access_token': TOKEN } },
              },
            },
          ],
        },
      },
    ],
    [
      'a $select of a hidden key',
      {
        where: {
          username: {
            $select: { query: { className: '_User', where: {} }, key: 'authData.weixin.access_token' },
          },
        },
      },
    ],
    ['an escaped key', { where: '{"authData.weixin.access_\\u0074oken":{"$regex":"^wx"}}' }],
    ['order', { order: '-authData.weixin.access_token' }],
    ['order on authData', { order: 'authData' }],
    ['keys', { keys: 'username,authData.weixin.access_token' }],
    ['include', { include: 'sessionToken' }],
  ];

  it.each(refused)('refuses %s to viewer and support', async (_label, params) => {
    for (const user of [viewer, support]) {
      const r = await (await as(user)).call('GET', `${users}?${q(params)}`);
      expect(r.status, r.text).toBe(403);
      expect(r.json.code).toBe('forbidden');
    }
  });

  it('refuses them inside a batch too, sending nothing', async () => {
    const c = await as(viewer);
    const r = await c.call('POST', '/api/apps/default/1.1/batch', {
      requests: [
        {
          method: 'GET',
          path: '/1.1/classes/_User',
          params: { where: { 'authData.weixin.access_token': { $regex: '^wx' } }, count: 1, limit: 0 },
        },
      ],
    });
    expect(r.status, r.text).toBe(403);
    expect(r.text).not.toMatch(/"count":1/);
  });

  it('still answers visible fields and $exists on authData, with tokens redacted', async () => {
    const c = await as(viewer);
    const r = await c.call(
      'GET',
      `${users}?${q({ where: { authData: { $exists: true }, 'authData.weixin.openid': 'open-alice' }, count: '1' })}`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json.count).toBe(1);
    expect(r.text).not.toContain(TOKEN);
    expect(r.text).toContain('open-alice');
  });

  it('lets a developer (secrets.read) use the same queries', async () => {
    const c = await as(dev);
    const r = await c.call(
      'GET',
      `${users}?${q({ where: { 'authData.weixin.access_token': { $regex: '^wx' } }, count: '1', limit: '0' })}`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json.count).toBe(1);
  });
});

describe('depth', () => {
  it('redacts a secret nested 80 levels deep', async () => {
    for (const user of [viewer]) {
      const r = await (await as(user)).call('GET', '/api/apps/default/1.1/classes/Vault');
      expect(r.status, r.text).toBe(200);
      expect(r.text).toContain('visible');
      expect(r.text).not.toContain(DEEP_SECRET);
    }
    const r = await (await as(dev)).call('GET', '/api/apps/default/1.1/classes/Vault');
    expect(r.text).toContain(DEEP_SECRET);
  });
});
