import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse } from '@switchboard/shared';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';

/** The per-app default ACL is the console's own setting: the upstream app is never asked. */
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const dev = { email: 'dev@example.com', password: 'developer password' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };
const PATH = '/api/apps/default/settings/default-acl';

beforeAll(async () => {
  const config = testConfig('http://127.0.0.1:9', { initialAdmin: admin });
  config.apps = [config.apps[0]!, { ...config.apps[0]!, id: 'second', name: 'Second app' }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...dev, role: 'developer' });
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
});
afterAll(() => bff?.close());

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(user.email, user.password);
  return c;
}

describe('the default ACL of an app', () => {
  it('is unset until a developer chooses one; everyone who reads data sees it; it is audited', async () => {
    const v = await as(viewer);
    expect((await v.call('GET', PATH)).json).toEqual({ defaultAcl: null, updatedAt: null, updatedBy: null });

    const d = await as(dev);
    const acl = { '*': { read: true }, 'role:Moderators': { read: true, write: true } };
    const put = await d.call('PUT', PATH, { defaultAcl: acl });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ defaultAcl: acl, updatedBy: dev.email });
    expect((await v.call('GET', PATH)).json).toMatchObject({ defaultAcl: acl, updatedBy: dev.email });
    // Per app: the other app still has none.
    const other = await v.call('GET', '/api/apps/second/settings/default-acl');
    expect(other.json).toMatchObject({ defaultAcl: null });

    // Only the master key: an empty ACL is a choice too.
    expect((await d.call('PUT', PATH, { defaultAcl: {} })).json).toMatchObject({ defaultAcl: {} });

    const a = await as(admin);
    const log = await a.call('GET', '/api/audit?action=console.set_default_acl');
    const { results } = log.json as unknown as AuditListResponse;
    expect(results.map((e) => [e.actorEmail, e.app, e.before, e.after])).toEqual([
      [dev.email, 'default', acl, {}],
      [dev.email, 'default', null, acl],
    ]);
  });

  it('may be changed only by developers and admins', async () => {
    const v = await as(viewer);
    const refused = await v.call('PUT', PATH, { defaultAcl: { '*': { read: true } } });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('forbidden');
    expect((await new ConsoleClient(bff.url).call('GET', PATH)).status).toBe(401);
  });

  it('refuses what is not an ACL, saying why', async () => {
    const d = await as(dev);
    const cases: [unknown, RegExp][] = [
      [{ defaultAcl: { '*': { read: false } } }, /read|write/],
      [{ defaultAcl: { '*': {} } }, /grant read or write/],
      [{ defaultAcl: { 'role:a b': { read: true } } }, /role:<name>/],
      [{ defaultAcl: { '*': { read: true, delete: true } } }, /.+/],
      [{ defaultAcl: '*' }, /.+/],
      [{}, /.+/],
      [
        { defaultAcl: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`u${i}`, { read: true }])) },
        /at most 50/,
      ],
    ];
    for (const [body, message] of cases) {
      const r = await d.call('PUT', PATH, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(String(r.json.message)).toMatch(message);
    }
    expect((await d.call('PUT', '/api/apps/nope/settings/default-acl', { defaultAcl: {} })).status).toBe(404);
  });
});
