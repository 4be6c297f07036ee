import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classCounts } from '../store/schema-data';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const master = { auth: 'master' as const };
const schemaOf = async (className: string) =>
  (await t.request('GET', `/1.1/schemas/${className}`, master)).json[className] as
    Record<string, { type: string; className?: string }> | undefined;
const relationRows = async (className: string) =>
  (
    await t.server.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lc_relations WHERE owner_class = $1 OR target_class = $1',
      [className],
    )
  )[0]?.n;

describe('POST /1.1/schemas/<className>', () => {
  it('creates an empty class with typed fields, which later writes must respect', async () => {
    const r = await t.request('POST', '/1.1/schemas/Book', {
      ...master,
      body: {
        fields: {
          title: { type: 'String' },
          pages: { type: 'Number' },
          author: { type: 'Pointer', targetClass: '_User' },
          readers: { type: 'Relation', targetClass: '_User' },
        },
      },
    });
    expect(r.status).toBe(201);
    expect(r.json.className).toBe('Book');
    expect(await schemaOf('Book')).toEqual({
      objectId: { type: 'String' },
      createdAt: { type: 'Date' },
      updatedAt: { type: 'Date' },
      ACL: { type: 'ACL' },
      title: { type: 'String' },
      pages: { type: 'Number' },
      author: { type: 'Pointer', className: '_User' },
      readers: { type: 'Relation', className: '_User' },
    });
    const list = await t.request('GET', '/1.1/classes/Book', { query: { count: 1, limit: 0 } });
    expect(list.json).toEqual({ results: [], count: 0 });
    const wrong = await t.request('POST', '/1.1/classes/Book', { body: { pages: 'many' } });
    expect([wrong.status, wrong.json.code]).toEqual([400, 111]);
  });

  it('refuses an existing class, bad names, built-in names, bad fields and the app key', async () => {
    await t.request('POST', '/1.1/schemas/Twice', master);
    const cases: [string, unknown, number, number, RegExp][] = [
      ['Twice', {}, 400, 103, /already exists/],
      ['_User', {}, 400, 103, /already exists/],
      ['_Followee', {}, 400, 119, /built-in/],
      ['9lives', {}, 400, 103, /Invalid class name/],
      ['Ok', { fields: { a: { type: 'Text' } } }, 400, 1, /type must be one of/],
      ['Ok', { fields: { owner: { type: 'Pointer' } } }, 400, 1, /needs a targetClass/],
      ['Ok', { fields: { n: { type: 'Number', targetClass: 'X' } } }, 400, 1, /only for Pointer/],
      ['Ok', { fields: { p: { type: 'Pointer', targetClass: 'a-b' } } }, 400, 103, /not a valid class/],
      ['Ok', { fields: { '1st': { type: 'String' } } }, 400, 105, /Invalid field name/],
      ['Ok', { fields: { createdAt: { type: 'Date' } } }, 400, 105, /every class has/],
      ['Ok', { className: 'Other' }, 400, 103, /does not match/],
    ];
    for (const [name, body, status, code, message] of cases) {
      const r = await t.request('POST', `/1.1/schemas/${name}`, { ...master, body });
      expect([r.status, r.json.code], `${name} ${JSON.stringify(body)}`).toEqual([status, code]);
      expect(r.json.error).toMatch(message);
    }
    expect(await schemaOf('Ok')).toBeUndefined();
    const app = await t.request('POST', '/1.1/schemas/Ok', { body: {} });
    expect(app.status).toBe(403);
  });
});

describe('PUT /1.1/schemas/<className>', () => {
  it('adds fields, accepts the same type again and refuses a type change', async () => {
    await t.request('POST', '/1.1/schemas/Shelf', master);
    const r = await t.request('PUT', '/1.1/schemas/Shelf', {
      ...master,
      body: { fields: { label: { type: 'String' }, where: { type: 'GeoPoint' } } },
    });
    expect(r.status).toBe(200);
    expect(r.json.fields).toMatchObject({ label: { type: 'String' }, where: { type: 'GeoPoint' } });
    const again = await t.request('PUT', '/1.1/schemas/Shelf', {
      ...master,
      body: { fields: { label: { type: 'String' } } },
    });
    expect(again.status).toBe(200);
    const change = await t.request('PUT', '/1.1/schemas/Shelf', {
      ...master,
      body: { fields: { label: { type: 'Number' } } },
    });
    expect([change.status, change.json.code]).toEqual([400, 111]);
    expect(change.json.error).toMatch(/cannot be changed/);
    expect((await schemaOf('Shelf'))?.label).toEqual({ type: 'String' });
  });

  it('deletes a field from the schema, from every object and from the relation table', async () => {
    const owner = await t.request('POST', '/1.1/classes/Tagged', { body: { keep: 1, drop: 'x' } });
    const other = await t.request('POST', '/1.1/classes/Tagged', { body: { drop: 'y' } });
    await t.request('PUT', `/1.1/classes/Tagged/${String(owner.json.objectId)}`, {
      body: {
        peers: {
          __op: 'AddRelation',
          objects: [{ __type: 'Pointer', className: 'Tagged', objectId: other.json.objectId }],
        },
      },
    });
    expect(await relationRows('Tagged')).toBe(1);
    const r = await t.request('PUT', '/1.1/schemas/Tagged', {
      ...master,
      body: { fields: { drop: { __op: 'Delete' }, peers: { __op: 'Delete' } } },
    });
    expect(r.status).toBe(200);
    expect(Object.keys((await schemaOf('Tagged')) ?? {})).not.toContain('drop');
    expect(await relationRows('Tagged')).toBe(0);
    const objects = await t.request('GET', '/1.1/classes/Tagged', { query: { order: 'createdAt' } });
    const results = objects.json.results as Record<string, unknown>[];
    expect(results.map((o) => [o.keep, o.drop, o.peers])).toEqual([
      [1, undefined, undefined],
      [undefined, undefined, undefined],
    ]);
    // The name is free again, for any type.
    const readd = await t.request('PUT', '/1.1/schemas/Tagged', {
      ...master,
      body: { fields: { drop: { type: 'Number' } } },
    });
    expect(readd.status).toBe(200);
  });

  it('refuses deleting built-in fields and missing ones, and changes nothing on a refusal', async () => {
    await t.request('POST', '/1.1/classes/Guarded', { body: { extra: true } });
    for (const field of ['objectId', 'createdAt', 'updatedAt', 'ACL']) {
      const r = await t.request('PUT', '/1.1/schemas/Guarded', {
        ...master,
        body: { fields: { extra: { __op: 'Delete' }, [field]: { __op: 'Delete' } } },
      });
      expect([r.status, r.json.code], field).toEqual([400, 119]);
    }
    expect((await schemaOf('Guarded'))?.extra).toEqual({ type: 'Boolean' });
    const user = await t.request('PUT', '/1.1/schemas/_User', {
      ...master,
      body: { fields: { username: { __op: 'Delete' } } },
    });
    expect([user.status, user.json.code]).toEqual([400, 119]);
    const userField = await t.request('PUT', '/1.1/schemas/_User', {
      ...master,
      body: { fields: { nickname: { type: 'String' } } },
    });
    expect(userField.status).toBe(200);
    const missing = await t.request('PUT', '/1.1/schemas/Guarded', {
      ...master,
      body: { fields: { nothing: { __op: 'Delete' } } },
    });
    expect([missing.status, missing.json.error]).toEqual([
      400,
      "The class Guarded has no field 'nothing' to delete.",
    ]);
    for (const body of [undefined, {}, { fields: { a: { __op: 'Increment' } } }, { fields: [] }]) {
      const r = await t.request('PUT', '/1.1/schemas/Guarded', { ...master, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const noClass = await t.request('PUT', '/1.1/schemas/NoSuchClass', {
      ...master,
      body: { fields: { a: { type: 'String' } } },
    });
    expect([noClass.status, noClass.json.code]).toEqual([404, 101]);
    expect((await t.request('PUT', '/1.1/schemas/Guarded', { body: { fields: {} } })).status).toBe(403);
  });
});

describe('DELETE /1.1/schemas/<className>', () => {
  it('deletes the class, its objects, relations and indexes; the name can be used again', async () => {
    const a = await t.request('POST', '/1.1/classes/Doomed', { body: { n: 1 } });
    await t.request('PUT', `/1.1/classes/Doomed/${String(a.json.objectId)}`, {
      body: {
        friends: {
          __op: 'AddRelation',
          objects: [{ __type: 'Pointer', className: 'Doomed', objectId: a.json.objectId }],
        },
      },
    });
    await t.request('POST', '/1.1/indices/Doomed', { ...master, body: { keys: { n: 1 } } });
    expect((await t.request('GET', `/1.1/classes/Doomed/${String(a.json.objectId)}`)).status).toBe(200);
    const r = await t.request('DELETE', '/1.1/schemas/Doomed', master);
    expect([r.status, r.json]).toEqual([200, {}]);
    expect(await schemaOf('Doomed')).toBeUndefined();
    expect(Object.keys((await t.request('GET', '/1.1/schemas', master)).json)).not.toContain('Doomed');
    expect((await t.request('GET', `/1.1/classes/Doomed/${String(a.json.objectId)}`)).status).toBe(404);
    expect(await relationRows('Doomed')).toBe(0);
    const idx = await t.server.sql.query("SELECT 1 FROM lc_indexes WHERE class_name = 'Doomed'");
    expect(idx).toEqual([]);
    // A write recreates it from scratch (the registry forgot the old one).
    const again = await t.request('POST', '/1.1/classes/Doomed', { body: { n: 'now a string' } });
    expect(again.status).toBe(201);
    const count = await t.request('GET', '/1.1/classes/Doomed', { query: { count: 1, limit: 0 } });
    expect(count.json.count).toBe(1);
    expect((await schemaOf('Doomed'))?.n).toEqual({ type: 'String' });
  });

  it('refuses built-in classes, missing classes and the app key', async () => {
    for (const name of ['_User', '_Role', '_File', '_Installation', '_Conversation']) {
      const r = await t.request('DELETE', `/1.1/schemas/${name}`, master);
      expect([r.status, r.json.code], name).toEqual([400, 119]);
      expect(r.json.error).toMatch(/built-in class/);
    }
    expect((await schemaOf('_User'))?.username).toEqual({ type: 'String' });
    const missing = await t.request('DELETE', '/1.1/schemas/NeverWas', master);
    expect([missing.status, missing.json.code]).toEqual([404, 101]);
    const bad = await t.request('DELETE', '/1.1/schemas/bad-name', master);
    expect([bad.status, bad.json.code]).toEqual([400, 103]);
    await t.request('POST', '/1.1/schemas/Kept', master);
    expect((await t.request('DELETE', '/1.1/schemas/Kept')).status).toBe(403);
    expect(await schemaOf('Kept')).toBeDefined();
  });
});

describe('GET /1.1/switchboard/class-stats', () => {
  it('counts small classes exactly, every class listed, master key only', async () => {
    await t.request('POST', '/1.1/batch', {
      body: {
        requests: Array.from({ length: 3 }, (_, i) => ({
          method: 'POST',
          path: '/1.1/classes/Counted',
          body: { i },
        })),
      },
    });
    await t.request('POST', '/1.1/schemas/EmptyOne', master);
    const r = await t.request('GET', '/1.1/switchboard/class-stats', master);
    expect(r.status).toBe(200);
    const results = r.json.results as { className: string; estimatedCount: number; exact: boolean }[];
    expect(results).toContainEqual({ className: 'Counted', estimatedCount: 3, exact: true });
    expect(results).toContainEqual({ className: 'EmptyOne', estimatedCount: 0, exact: true });
    expect(results.map((c) => c.className)).toContain('_User');
    expect((await t.request('GET', '/1.1/switchboard/class-stats')).status).toBe(403);
  });

  it('reads the planner statistics of a large class instead of counting it', async () => {
    await t.request('POST', '/1.1/batch', {
      body: {
        requests: Array.from({ length: 40 }, (_, i) => ({
          method: 'POST',
          path: '/1.1/classes/Big',
          body: { i },
        })),
      },
    });
    await t.server.sql.exec('ANALYZE "o_Big"');
    // A threshold below the class's size stands in for the 10,000 rows of the route.
    const counts = await classCounts(t.server.sql, 10);
    expect(counts.find((c) => c.className === 'Big')).toEqual({
      className: 'Big',
      estimatedCount: 40,
      exact: false,
    });
    expect(counts.find((c) => c.className === 'Counted')?.exact).toBe(true);
  });
});
