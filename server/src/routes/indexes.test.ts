import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFilter, parseWhere } from '../services/filter';
import { findSql } from '../store/objects';
import { parseOrder } from '../store/order-sql';
import { indexName } from '../store/tables';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  const requests = Array.from({ length: 300 }, (_, i) => ({
    method: 'POST',
    path: '/1.1/classes/Idx',
    body: { name: `n${i % 50}`, score: i, email: `u${i}@example.com` },
  }));
  await t.request('POST', '/1.1/batch', { body: { requests } });
});
afterAll(() => t.close());

/** The plan Postgres picks for the SQL the API runs. */
async function plan(sqlText: string, params: unknown[]): Promise<string> {
  return t.server.sql.transaction(async (tx) => {
    await tx.query('ANALYZE "o_Idx"');
    // A 300-row table fits in a page or two: forbid the sequential scan so the index shows.
    await tx.exec('SET LOCAL enable_seqscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sqlText}`, params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('indexes', () => {
  it('lists the default indexes, creates, lists and drops a compound one', async () => {
    const before = await t.request('GET', '/1.1/indices/Idx', { auth: 'master' });
    expect((before.json.results as { name: string }[]).map((i) => i.name)).toEqual(['_id_', '_createdAt_']);
    const made = await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { name: 1, score: -1 } },
    });
    expect(made.status).toBe(201);
    expect(made.json).toEqual({ name: 'name_asc_score_desc', keys: { name: 1, score: -1 }, unique: false });
    const listed = await t.request('GET', '/1.1/indices/Idx', { auth: 'master' });
    expect(listed.json.results).toContainEqual({
      name: 'name_asc_score_desc',
      keys: { name: 1, score: -1 },
      unique: false,
      default: false,
    });
    const dup = await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { name: 1, score: -1 } },
    });
    expect([dup.status, dup.json.code]).toEqual([400, 137]);
    expect(
      (await t.request('DELETE', '/1.1/indices/Idx/name_asc_score_desc', { auth: 'master' })).json,
    ).toEqual({});
    expect(
      (await t.request('DELETE', '/1.1/indices/Idx/name_asc_score_desc', { auth: 'master' })).status,
    ).toBe(404);
  });

  it('an index on a field serves equality in id order (the query the API sends for where={name:...})', async () => {
    await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { name: 1 }, name: 'by_name' },
    });
    const filter = await buildFilter(t.server.sql, t.server.classes, 'Idx', parseWhere('{"name":"n7"}'));
    const { text, values } = findSql('Idx', { filter, order: undefined, limit: 100, skip: 0 });
    expect(await plan(text, values)).toMatch(/Index Scan (using|on) "?x_[0-9a-f]+_by_name/);
    const hits = await t.request('GET', '/1.1/classes/Idx', { query: { where: { name: 'n7' }, count: 1 } });
    expect(hits.json.count).toBe(6);
    expect((hits.json.results as { score: number }[]).map((o) => o.score)).toEqual([
      7, 57, 107, 157, 207, 257,
    ]);
  });

  it('a unique index refuses duplicates with 137, and cannot be made over existing duplicates', async () => {
    const u = await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { email: 1 }, unique: true },
    });
    expect(u.status).toBe(201);
    const dup = await t.request('POST', '/1.1/classes/Idx', { body: { email: 'u1@example.com' } });
    expect([dup.status, dup.json.code]).toEqual([400, 137]);
    const overDup = await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { name: 1 }, unique: true },
    });
    expect([overDup.status, overDup.json.code]).toEqual([400, 137]);
  });

  it('refuses bad index definitions and the app key', async () => {
    expect((await t.request('POST', '/1.1/indices/Idx', { body: { keys: { name: 1 } } })).status).toBe(403);
    for (const body of [
      {},
      { keys: {} },
      { keys: { name: 2 } },
      { keys: { 'a-b': 1 } },
      { keys: { name: 1 }, name: 'bad name' },
      { keys: { name: 1 }, name: '_fields_' },
      { keys: { name: 1 }, name: '_createdAt_' },
      { keys: { '$**': -1 } },
      { keys: { '$**': 1, name: 1 } },
      { keys: { '$**': 1 }, unique: true },
      { keys: { '$**': 1 }, name: 'all' },
      { keys: { updatedAt: 2 } },
      { keys: { updatedAt: 1 }, name: 'by_updated' },
      { keys: { 'a.$**': 1 } },
    ]) {
      const r = await t.request('POST', '/1.1/indices/Idx', { auth: 'master', body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.request('GET', '/1.1/indices/NoSuchClass', { auth: 'master' })).status).toBe(404);
  });
});

describe('the opt-in indexes: every field ($**) and updatedAt', () => {
  const names = async (cls: string) =>
    (
      (await t.request('GET', `/1.1/indices/${cls}`, { auth: 'master' })).json.results as { name: string }[]
    ).map((i) => i.name);

  it('a new class has neither; asked for, each is listed, used, refused twice, and dropped', async () => {
    const gin = indexName('Idx', 'data').replace(/"/g, '');
    // score leads no btree index yet (the range test below makes one): only the GIN can serve it.
    const where = parseWhere('{"score":5}');
    const eq = async () => {
      const { text, values } = findSql('Idx', {
        filter: await buildFilter(t.server.sql, t.server.classes, 'Idx', where),
        order: undefined,
        limit: 100,
        skip: 0,
      });
      return plan(text, values);
    };
    expect(await eq()).not.toContain(gin);
    const made = await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { '$**': 1 } },
    });
    expect([made.status, made.json]).toEqual([201, { name: '_fields_', keys: { '$**': 1 }, unique: false }]);
    const again = await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { '$**': 1 } },
    });
    expect([again.status, again.json.code]).toEqual([400, 137]);
    expect(await eq()).toContain(gin);
    const upd = await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { updatedAt: -1 }, name: '_updatedAt_' },
    });
    expect([upd.status, upd.json]).toEqual([
      201,
      { name: '_updatedAt_', keys: { updatedAt: 1 }, unique: false },
    ]);
    const listed = (await t.request('GET', '/1.1/indices/Idx', { auth: 'master' })).json.results;
    expect(listed).toContainEqual(
      expect.objectContaining({ name: '_fields_', keys: { '$**': 1 }, default: false }),
    );
    expect(listed).toContainEqual(expect.objectContaining({ name: '_updatedAt_', keys: { updatedAt: 1 } }));
    const hits = await t.request('GET', '/1.1/classes/Idx', { query: { where: { score: 5 } } });
    expect((hits.json.results as { score: number }[]).map((o) => o.score)).toEqual([5]);
    for (const name of ['_fields_', '_updatedAt_']) {
      expect((await t.request('DELETE', `/1.1/indices/Idx/${name}`, { auth: 'master' })).json).toEqual({});
      expect((await t.request('DELETE', `/1.1/indices/Idx/${name}`, { auth: 'master' })).status).toBe(404);
    }
    expect(await names('Idx')).not.toContain('_fields_');
    expect(await eq()).not.toContain(gin);
    // Without the GIN, equality still answers (a scan, as LeanCloud without an index).
    const still = await t.request('GET', '/1.1/classes/Idx', { query: { where: { score: 5 } } });
    expect((still.json.results as { score: number }[]).map((o) => o.score)).toEqual([5]);
  });

  it('the built-in classes push and messaging query keep both, and refuse to drop them', async () => {
    for (const cls of ['_Installation', '_Conversation']) {
      expect(await names(cls)).toEqual(
        expect.arrayContaining(['_id_', '_createdAt_', '_updatedAt_', '_fields_']),
      );
      const r = await t.request('DELETE', `/1.1/indices/${cls}/_updatedAt_`, { auth: 'master' });
      expect(r.status).toBe(400);
      expect(await names(cls)).toContain('_updatedAt_');
    }
    expect((await t.request('DELETE', '/1.1/indices/Idx/_id_', { auth: 'master' })).status).toBe(404);
  });
});

describe('indexes serve ranges with order', () => {
  it('a range on an indexed number field with order on it scans the index, not the table', async () => {
    await t.request('POST', '/1.1/indices/Idx', {
      auth: 'master',
      body: { keys: { score: -1 }, name: 'by_score' },
    });
    const where = parseWhere(JSON.stringify({ score: { $gte: 100, $lt: 120 } }));
    const filter = await buildFilter(t.server.sql, t.server.classes, 'Idx', where);
    const order = parseOrder('-score', await t.server.classes.fields(t.server.sql, 'Idx'));
    const { text, values } = findSql('Idx', { filter, order, limit: 10, skip: 0 });
    expect(await plan(text, values)).toMatch(/Index Scan (using|on) "?x_[0-9a-f]+_by_score/);
    const r = await t.request('GET', '/1.1/classes/Idx', {
      query: { where: { score: { $gte: 100, $lt: 120 } }, order: '-score', limit: '3' },
    });
    expect((r.json.results as { score: number }[]).map((o) => o.score)).toEqual([119, 118, 117]);
  });
});
