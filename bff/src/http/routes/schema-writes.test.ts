import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/**
 * Class management through the console: schema writes reach the app only with schema.write in
 * that app, bad field definitions stop at the bff, and each write is audited under its action.
 */
let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const dev = { email: 'dev@example.com', password: 'developer password' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };

beforeAll(async () => {
  upstream = await startUpstreamServer({ seedDemo: true });
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...dev, role: 'developer' });
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
});
afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(user.email, user.password);
  return c;
}

const base = '/api/apps/default/1.1';

async function auditActions(className: string): Promise<[string, string][]> {
  const c = await as(admin);
  const r = await c.call('GET', '/api/audit?limit=100');
  expect(r.status).toBe(200);
  const entries = r.json.results as { action: string; result: string; target: { class?: string } | null }[];
  return entries
    .filter((e) => e.target?.class === className && e.action.startsWith('schema.'))
    .reverse()
    .map((e) => [e.action, e.result]);
}

describe('class management through the console', () => {
  it('creates a class, adds and deletes a field, deletes the class; every step audited', async () => {
    const c = await as(dev);
    const created = await c.call('POST', `${base}/schemas/Book`, {
      fields: { title: { type: 'String' }, author: { type: 'Pointer', targetClass: '_User' } },
    });
    expect(created.status, created.text).toBeLessThan(300);
    const added = await c.call('PUT', `${base}/schemas/Book`, { fields: { pages: { type: 'Number' } } });
    expect(added.status, added.text).toBe(200);
    const schema = await c.call('GET', `${base}/schemas/Book`);
    expect(schema.json.Book).toMatchObject({
      title: { type: 'String' },
      author: { type: 'Pointer', className: '_User' },
      pages: { type: 'Number' },
    });
    const dropped = await c.call('PUT', `${base}/schemas/Book`, { fields: { pages: { __op: 'Delete' } } });
    expect(dropped.status).toBe(200);
    const stats = await c.call('GET', `${base}/switchboard/class-stats`);
    expect(stats.json.results).toContainEqual({ className: 'Book', estimatedCount: 0, exact: true });
    expect((await c.call('DELETE', `${base}/schemas/Book`)).status).toBe(200);
    expect((await c.call('GET', `${base}/schemas/Book`)).status).toBe(404);
    expect(await auditActions('Book')).toEqual([
      ['schema.create_class', 'ok'],
      ['schema.update_class', 'ok'],
      ['schema.update_class', 'ok'],
      ['schema.delete_class', 'ok'],
    ]);
  });

  it('refuses a viewer (who may still read counts), and the class stays', async () => {
    const c = await as(viewer);
    const del = await c.call('DELETE', `${base}/schemas/Product`);
    expect([del.status, del.json.code]).toEqual([403, 'forbidden']);
    const create = await c.call('POST', `${base}/schemas/Sneaky`, {});
    expect([create.status, create.json.code]).toEqual([403, 'forbidden']);
    expect((await c.call('GET', `${base}/schemas/Product`)).status).toBe(200);
    expect((await c.call('GET', `${base}/switchboard/class-stats`)).status).toBe(200);
    expect(await auditActions('Product')).toContainEqual(['schema.delete_class', 'denied']);
  });

  it('stops malformed field definitions at the bff, and passes on the app’s refusals', async () => {
    const c = await as(dev);
    for (const body of [
      { fields: { a: { type: 'Text' } } },
      { fields: { a: { __op: 'Increment' } } },
      { fields: 'title' },
    ]) {
      const r = await c.call('PUT', `${base}/schemas/Product`, body);
      expect([r.status, r.json.code], JSON.stringify(body)).toEqual([400, 'validation_failed']);
    }
    const builtin = await c.call('DELETE', `${base}/schemas/_User`);
    expect(builtin.status).toBe(400);
    expect(builtin.json).toMatchObject({ code: 'upstream_error', details: { upstreamCode: 119 } });
  });

  type Snap = Record<string, unknown>;
  it('keeps a class’s permissions and field options before and after a change', async () => {
    const c = await as(dev);
    expect(
      (await c.call('POST', `${base}/schemas/Memo`, { fields: { note: { type: 'String' } } })).status,
    ).toBe(200);
    const put = await c.call('PUT', `${base}/schemas/Memo`, {
      permissions: { create: { roles: ['Staff'], users: [] } },
      fields: { note: { type: 'String', hidden: true } },
    });
    expect(put.status, put.text).toBe(200);
    const read = await c.call('GET', `${base}/schemas/Memo/permissions`);
    expect(read.json).toEqual({ permissions: { create: { roles: ['Staff'], users: [] } } });
    const r = await (await as(admin)).call('GET', '/api/audit?limit=100');
    const entry = (
      r.json.results as { action: string; target: { class?: string } | null; before: Snap; after: Snap }[]
    ).find((e) => e.action === 'schema.update_class' && e.target?.class === 'Memo');
    expect(entry?.before['permissions.create']).toBeUndefined();
    expect(entry?.before['Memo.note']).toEqual({ type: 'String' });
    expect(entry?.after['permissions.create']).toEqual({ roles: ['Staff'], users: [] });
    expect(entry?.after['Memo.note']).toMatchObject({ type: 'String', hidden: true });
  });

  it('shows fields named like secrets by their definitions in a schema change, and still hides secret values', async () => {
    const c = await as(dev);
    const created = await c.call('POST', `${base}/schemas/Vault`, {
      fields: {
        password: { type: 'String', hidden: true },
        apiToken: { type: 'String', default: 'abc-123' },
      },
    });
    expect(created.status, created.text).toBe(200);
    const put = await c.call('PUT', `${base}/schemas/Vault`, {
      fields: { sessionToken: { type: 'String', read_only: true } },
    });
    expect(put.status, put.text).toBe(200);
    // An object write elsewhere still hides a value under a secret name.
    const obj = await c.call('POST', `${base}/classes/Vault`, { label: 'x', password: 'real secret 1' });
    expect(obj.status, obj.text).toBeLessThan(300);
    const r = await (await as(admin)).call('GET', '/api/audit?limit=100');
    type Entry = {
      action: string;
      target: { class?: string } | null;
      summary: Snap;
      before: Snap;
      after: Snap;
    };
    const entries = r.json.results as Entry[];
    const of = (action: string) => entries.find((e) => e.action === action && e.target?.class === 'Vault');
    const create = of('schema.create_class');
    expect((create?.summary.body as Snap).fields).toEqual({
      password: { type: 'String', hidden: true },
      apiToken: { type: 'String', default: '[redacted]' },
    });
    expect(create?.after['Vault.password']).toMatchObject({ type: 'String', hidden: true });
    expect(create?.after['Vault.apiToken']).toMatchObject({ type: 'String', default: '[redacted]' });
    const update = of('schema.update_class');
    expect((update?.summary.body as Snap).fields).toEqual({
      sessionToken: { type: 'String', read_only: true },
    });
    expect(update?.before['Vault.password']).toMatchObject({ type: 'String', hidden: true });
    expect(update?.after['Vault.sessionToken']).toMatchObject({ type: 'String', read_only: true });
    expect(JSON.stringify(entries)).not.toContain('abc-123');
    const write = entries.find(
      (e) => e.action !== 'read' && !e.action.startsWith('schema.') && e.target?.class === 'Vault',
    );
    expect((write?.summary.body as Snap).password).toBe('[redacted]');
    expect(JSON.stringify(entries)).not.toContain('real secret 1');
  });
});
