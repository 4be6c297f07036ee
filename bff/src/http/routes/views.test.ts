import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';

/** Saved views: own and shared, who may change them, and bad input. No upstream is called. */
let bff: TestBff;
const PASSWORD = 'views test password';
const admin = { email: 'admin@example.com', password: 'admin password 123' };
let owner: ConsoleClient;
let other: ConsoleClient;
let support: ConsoleClient;
let boss: ConsoleClient;

async function signIn(email: string, password = PASSWORD) {
  const c = new ConsoleClient(bff.url);
  await c.login(email, password);
  return c;
}

beforeAll(async () => {
  const config = testConfig('http://127.0.0.1:9', { initialAdmin: admin });
  config.apps = [config.apps[0]!, { ...config.apps[0]!, id: 'shop', name: 'Shop' }];
  bff = await startBff(config);
  await createUser(bff.sql, { email: 'owner@example.com', password: PASSWORD, role: 'developer' });
  await createUser(bff.sql, { email: 'other@example.com', password: PASSWORD, role: 'viewer' });
  await createUser(bff.sql, {
    email: 'support@example.com',
    password: PASSWORD,
    role: 'support',
    appRoles: { shop: 'viewer' },
  });
  owner = await signIn('owner@example.com');
  other = await signIn('other@example.com');
  support = await signIn('support@example.com');
  boss = await signIn(admin.email, admin.password);
});
afterAll(async () => {
  await bff?.close();
});

interface ViewOut {
  id: string;
  name: string;
  className: string;
  query: string;
  shared: boolean;
  ownerEmail: string;
  mine: boolean;
}

const base = '/api/apps/default/views';

async function create(c: ConsoleClient, body: Record<string, unknown>, app = 'default') {
  const r = await c.call('POST', `/api/apps/${app}/views`, body);
  expect(r.status, r.text).toBe(201);
  return r.json.view as ViewOut;
}

const names = async (c: ConsoleClient, query = '') =>
  ((await c.call('GET', `${base}${query}`)).json.views as ViewOut[]).map((v) => v.name);

describe('saved views', () => {
  it('keeps a private view to its owner and lists shared ones to every reader', async () => {
    const mine = await create(owner, { name: 'Cheap', className: 'Product', query: 'where=%7B%7D' });
    expect(mine).toMatchObject({ name: 'Cheap', className: 'Product', shared: false });
    expect(mine.ownerEmail).toBe('owner@example.com');
    expect(mine.mine).toBe(true);
    const seen = (await other.call('GET', base)).json.views as { mine: boolean }[];
    expect(seen.every((v) => !v.mine)).toBe(true);
    await create(owner, { name: 'Team reviews', className: 'Review', query: 'order=-stars', shared: true });

    expect(await names(owner)).toEqual(['Cheap', 'Team reviews']);
    expect(await names(other)).toEqual(['Team reviews']);
    expect(await names(owner, '?className=Review')).toEqual(['Team reviews']);
    // Another app's list is its own.
    expect((await owner.call('GET', '/api/apps/shop/views')).json.views).toEqual([]);
  });

  it('lets only the owner or an admin change or delete a view', async () => {
    const v = await create(owner, { name: 'Shared', className: 'Product', query: 'a=1', shared: true });
    const url = `${base}/${v.id}`;

    const refused = await other.call('PUT', url, { name: 'Mine now' });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/owner@example.com/);
    expect((await other.call('DELETE', url)).status).toBe(403);

    const renamed = await owner.call('PUT', url, { name: 'Renamed', query: 'b=2' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.view).toMatchObject({ name: 'Renamed', query: 'b=2', shared: true });

    const unshared = await boss.call('PUT', url, { shared: false });
    expect(unshared.status).toBe(200);
    expect((unshared.json.view as ViewOut).shared).toBe(false);
    expect(await names(other)).not.toContain('Renamed');
    // A private view of someone else is as good as missing.
    expect((await other.call('PUT', url, { name: 'x' })).status).toBe(404);

    expect((await owner.call('DELETE', url)).status).toBe(200);
    expect(await names(owner)).not.toContain('Renamed');
    expect((await owner.call('DELETE', url)).status).toBe(404);
  });

  it('lets a viewer save views for themselves only: nothing they write is shared', async () => {
    const shared = await other.call('POST', base, {
      name: 'Everyone',
      className: 'Product',
      query: '',
      shared: true,
    });
    expect(shared.status).toBe(403);
    expect(shared.json.message).toMatch(/data\.write/);
    expect(await names(owner)).not.toContain('Everyone');
    const own = await create(other, { name: 'Just me', className: 'Product', query: '' });
    expect((await other.call('PUT', `${base}/${own.id}`, { shared: true })).status).toBe(403);
    expect(await names(owner)).not.toContain('Just me');
    const denied = await bff.sql.query(
      `SELECT action FROM audit_log WHERE actor_email = 'other@example.com' AND result = 'denied' ORDER BY id`,
    );
    expect(denied).toEqual([{ action: 'view.create' }, { action: 'view.update' }]);
    // Renaming and deleting their own private view stays theirs to do.
    expect((await other.call('PUT', `${base}/${own.id}`, { name: 'Still me' })).status).toBe(200);
    expect((await other.call('DELETE', `${base}/${own.id}`)).status).toBe(200);
  });

  it('records writes in the audit log', async () => {
    const v = await create(owner, { name: 'Audited', className: 'Product', query: '' });
    await owner.call('PUT', `${base}/${v.id}`, { shared: true });
    await owner.call('DELETE', `${base}/${v.id}`);
    const r = await boss.call('GET', '/api/audit?limit=20');
    const actions = (r.json.results as { action: string; actorEmail: string; app: string }[])
      .filter((e) => e.action.startsWith('view.'))
      .map((e) => [e.action, e.actorEmail, e.app]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['view.create', 'owner@example.com', 'default'],
        ['view.update', 'owner@example.com', 'default'],
        ['view.delete', 'owner@example.com', 'default'],
      ]),
    );
  });

  it('needs data.read in the app, per-app role included', async () => {
    const r = await support.call('GET', base);
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('forbidden');
    expect((await support.call('POST', base, { name: 'n', className: 'A', query: '' })).status).toBe(403);
    // Viewer in shop: reads there.
    await create(support, { name: 'Shop view', className: 'Order', query: '' }, 'shop');
    expect((await new ConsoleClient(bff.url).call('GET', base)).status).toBe(401);
    expect((await owner.call('GET', '/api/apps/nope/views')).status).toBe(404);
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: '', className: 'Product', query: '' }, /name/],
      [{ name: 'x', className: 'no such/class', query: '' }, /class/],
      [{ name: 'x', className: 'Product', query: 'a'.repeat(9000) }, /too long/],
      [{ name: 'x', className: 'Product', query: '', extra: 1 }, /./],
      [{ name: 'a\u0000b', className: 'Product', query: '' }, /cannot be stored/],
      [{ name: 'x', className: 'Product', query: '\ud800' }, /cannot be stored/],
      [{ name: 'x', className: 'Product', query: '', shared: 'yes' }, /./],
    ];
    for (const [body, message] of cases) {
      const r = await owner.call('POST', base, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.code).toBe('validation_failed');
      expect(r.json.message).toMatch(message);
    }
    const v = await create(owner, { name: 'To change', className: 'Product', query: '' });
    expect((await owner.call('PUT', `${base}/${v.id}`, {})).status).toBe(400);
    expect((await owner.call('PUT', `${base}/not-a-uuid`, { name: 'x' })).status).toBe(404);
    expect((await owner.call('GET', `${base}?className=bad/name`)).status).toBe(400);
  });
});
