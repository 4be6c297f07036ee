import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LcCode } from '@switchboard/shared';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const batch = (requests: unknown[]) => t.request('POST', '/1.1/batch', { body: { requests } });

describe('/1.1/batch', () => {
  it('runs operations in order, each succeeding or failing on its own', async () => {
    const created = await batch([
      { method: 'POST', path: '/1.1/classes/Bat', body: { n: 1 } },
      { method: 'POST', path: '/1.1/classes/Bat', body: { 'bad-key': 1 } },
      { method: 'POST', path: '/1.1/classes/Bat', body: { n: 3 } },
    ]);
    expect(created.status).toBe(200);
    const [a, bad, c] = created.body as Record<string, Record<string, unknown>>[];
    expect(a?.success).toMatchObject({ objectId: expect.any(String), createdAt: expect.any(String) });
    expect(bad?.error).toMatchObject({ code: 105 });
    const idA = String(a?.success?.objectId);
    const idC = String(c?.success?.objectId);

    const mixed = await batch([
      { method: 'PUT', path: `/1.1/classes/Bat/${idA}`, body: { n: { __op: 'Increment', amount: 10 } } },
      { method: 'GET', path: `/1.1/classes/Bat/${idA}` },
      { method: 'PUT', path: '/1.1/classes/Bat/000000000000000000000000', body: { n: 0 } },
      { method: 'GET', path: '/1.1/classes/Bat/000000000000000000000000' },
      { method: 'GET', path: '/1.1/classes/NoSuchClass/000000000000000000000000' },
      { method: 'DELETE', path: `/1.1/classes/Bat/${idC}` },
    ]);
    const els = mixed.body as Record<string, unknown>[];
    expect(els[0]).toMatchObject({ success: { updatedAt: expect.any(String) } });
    expect(els[1]).toMatchObject({ success: { objectId: idA, n: 11 } });
    expect(els[2]).toEqual({
      error: { code: 1, error: "Could not find object by id '000000000000000000000000' for class 'Bat'." },
    });
    expect(els[3]).toEqual({ success: null });
    expect(els[4]).toEqual({ error: { code: 101, error: "Class or object doesn't exists." } });
    expect(els[5]).toEqual({ success: {} });
  });

  it('deletes comma-joined ids and runs GETs with a params object, as the SDK sends them', async () => {
    const made = await batch(
      Array.from({ length: 5 }, (_, i) => ({ method: 'POST', path: '/1.1/classes/Many', body: { i } })),
    );
    const ids = (made.body as { success: { objectId: string } }[]).map((e) => e.success.objectId);
    const q = await batch([
      { method: 'GET', path: '/1.1/classes/Many', params: { where: { i: { $gte: 2 } }, count: 1, limit: 0 } },
    ]);
    expect(q.body).toEqual([{ success: { results: [], count: 3 } }]);
    const del = await batch([
      { method: 'DELETE', path: `/1.1/classes/Many/${ids.slice(0, 4).join(',')}`, body: {} },
    ]);
    expect(del.body).toEqual([{ success: {} }]);
    const left = await t.request('GET', '/1.1/classes/Many');
    expect((left.json.results as unknown[]).length).toBe(1);
  });

  it('keeps earlier elements when a later one fails in the database', async () => {
    await t.request('POST', '/1.1/classes/Uniq', { body: { code: 'x' } });
    await t.request('POST', '/1.1/indices/Uniq', {
      auth: 'master',
      body: { keys: { code: 1 }, unique: true },
    });
    const r = await batch([
      { method: 'POST', path: '/1.1/classes/Uniq', body: { code: 'y' } },
      { method: 'POST', path: '/1.1/classes/Uniq', body: { code: 'x' } },
      { method: 'POST', path: '/1.1/classes/Uniq', body: { code: 'z' } },
    ]);
    const els = r.body as Record<string, unknown>[];
    expect(els[0]).toHaveProperty('success');
    expect(els[1]).toEqual({
      error: { code: 137, error: 'A unique field was given a value that is already taken.' },
    });
    expect(els[2]).toHaveProperty('success');
    const all = await t.request('GET', '/1.1/classes/Uniq', { query: { order: 'code' } });
    expect((all.json.results as { code: string }[]).map((o) => o.code)).toEqual(['x', 'y', 'z']);
  });

  it('refuses a body that is not {requests: [...]} and a nested batch', async () => {
    expect((await t.request('POST', '/1.1/batch', { body: { requests: 'x' } })).json.code).toBe(1);
    const nested = await batch([{ method: 'POST', path: '/1.1/batch', body: { requests: [] } }]);
    expect((nested.body as Record<string, { code: number }>[])[0]?.error?.code).toBe(1);
  });

  it('refuses an element whose path or parameters hold text the database cannot store', async () => {
    const r = await batch([
      { method: 'GET', path: '/1.1/users/%00' },
      { method: 'GET', path: '/1.1/classes/Bat?where=%7B%22n%22%3A%22%00%22%7D' },
      { method: 'GET', path: '/1.1/classes/Bat/%E0' },
      { method: 'GET', path: '/1.1/classes/Bat?limit=1' },
    ]);
    const els = r.body as Record<string, { code: number; error: string }>[];
    for (const el of els.slice(0, 3)) expect(el.error?.code).toBe(LcCode.InvalidParameter);
    expect(els[0]?.error?.error).toMatch(/NUL/i);
    expect(els[2]?.error?.error).toMatch(/percent-encoding/);
    expect(els[3]).toHaveProperty('success');
  });
});
