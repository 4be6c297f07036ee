import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importExport, ImportTarget, openExport } from '@switchboard/migrate';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';

// A LeanCloud export whose schema file carries class permissions and column options: once
// imported (the engine `pnpm migrate` runs), the server enforces them on clients.

let t: TestServer;
let dir: string;

const order = (n: number) => ({
  objectId: `5f0000000000000000000${String(n).padStart(3, '0')}`,
  item: `item ${n}`,
  cost: n * 10,
  seq: n,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
});

beforeAll(async () => {
  t = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'lc-export-clp-'));
  const schema = {
    results: [
      {
        className: 'Order',
        fields: {
          item: { type: 'String', required: true },
          cost: { type: 'Number', hidden: true },
          seq: { type: 'Number', auto_increment: true },
          status: { type: 'String', default: 'new', read_only: true },
          ACL: { type: 'ACL', default: { '*': { read: true } } },
        },
        permissions: {
          create: { onlySignInUsers: true },
          find: { '*': true },
          get: { '*': true },
          update: { roles: ['Staff'], users: [] },
          delete: { roles: [], users: [] },
          add_fields: { '*': true },
        },
      },
    ],
  };
  await writeFile(join(dir, '_Schema.json'), JSON.stringify(schema));
  await writeFile(join(dir, 'Order.jsonl'), [1, 2, 3].map((n) => JSON.stringify(order(n))).join('\n'));
  const target = new ImportTarget({ baseUrl: t.url, appId: TEST_KEYS.appId, masterKey: TEST_KEYS.masterKey });
  const report = await importExport(target, (await openExport(dir)).files);
  expect(report.classes.find((c) => c.name === 'Order')).toMatchObject({ written: 3, failed: 0 });
}, 60_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('an export with class permissions and column options', () => {
  it('keeps them in /1.1/schemas', async () => {
    const s = await t.request('GET', '/1.1/schemas/Order', { auth: 'master' });
    expect((s.json.Order as Record<string, unknown>).cost).toEqual({ type: 'Number', hidden: true });
    const p = await t.request('GET', '/1.1/schemas/Order/permissions', { auth: 'master' });
    expect(p.json.permissions).toMatchObject({ create: { onlySignInUsers: true }, delete: { roles: [] } });
  });

  it('enforces them afterwards', async () => {
    const anon = await t.request('POST', '/1.1/classes/Order', { body: { item: 'x' } });
    expect([anon.status, anon.json.error]).toEqual([
      403,
      "Forbidden to create by class 'Order' permissions.",
    ]);
    const u = await t.request('POST', '/1.1/users', { body: { username: 'buyer', password: 'pw' } });
    const session = { 'X-LC-Session': String(u.json.sessionToken) };
    const missing = await t.request('POST', '/1.1/classes/Order', { headers: session, body: { cost: 1 } });
    expect([missing.status, missing.json.error]).toEqual([
      400,
      "The field 'item' of class 'Order' is required; the object does not have it.",
    ]);
    const made = await t.request('POST', '/1.1/classes/Order', {
      headers: session,
      query: { fetchWhenSave: 'true', returnACL: 'true' },
      body: { item: 'y', cost: 7 },
    });
    expect(made.status).toBe(201);
    // The counter continues above the imported values; the default is set; cost stays unseen.
    expect(made.json).toMatchObject({ item: 'y', seq: 4, status: 'new' });
    expect(made.json).not.toHaveProperty('cost');
    const got = await t.request('GET', `/1.1/classes/Order/${String(made.json.objectId)}`, {
      auth: 'master',
      query: { returnACL: 'true' },
    });
    expect(got.json).toMatchObject({ cost: 7, ACL: { '*': { read: true } } });
    const found = await t.request('GET', '/1.1/classes/Order', { query: { order: 'seq' } });
    expect((found.json.results as Record<string, unknown>[]).map((o) => 'cost' in o)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const readOnly = await t.request('PUT', `/1.1/classes/Order/${order(1).objectId}`, {
      headers: session,
      body: { status: 'paid' },
    });
    expect(readOnly.status).toBe(403);
    const del = await t.request('DELETE', `/1.1/classes/Order/${order(1).objectId}`, { headers: session });
    expect([del.status, del.json.error]).toEqual([403, "Forbidden to delete by class 'Order' permissions."]);
    const byMaster = await t.request('DELETE', `/1.1/classes/Order/${order(2).objectId}`, { auth: 'master' });
    expect(byMaster.status).toBe(200);
  });
});
