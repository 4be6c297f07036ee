import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFilter, parseWhere } from '../services/filter';
import { findSql } from '../store/objects';
import { parseOrder } from '../store/order-sql';
import { indexName } from '../store/tables';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

/**
 * The data browser's first page (`order=-createdAt&limit=100`) on a class of a million objects:
 * only a read of the first index entries is fast, a sort of the whole table is not.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  const requests = Array.from({ length: 200 }, (_, i) => ({
    method: 'POST',
    path: '/1.1/classes/Ord',
    body: { n: i },
  }));
  await t.request('POST', '/1.1/batch', { body: { requests } });
  // The updatedAt index is opt-in (store/optional-indexes.ts): this class asks for it.
  const made = await t.request('POST', '/1.1/indices/Ord', {
    auth: 'master',
    body: { keys: { updatedAt: -1 } },
  });
  if (made.status !== 201) throw new Error(`updatedAt index: ${made.status} ${made.text}`);
});
afterAll(() => t.close());

async function plan(order: string, readKeys?: string[]): Promise<string> {
  const filter = await buildFilter(t.server.sql, t.server.classes, 'Ord', parseWhere('{}'), readKeys);
  const terms = parseOrder(order, await t.server.classes.fields(t.server.sql, 'Ord'));
  const { text, values } = findSql('Ord', { filter, order: terms, limit: 100, skip: 0 });
  return t.server.sql.transaction(async (tx) => {
    await tx.query('ANALYZE "o_Ord"');
    // A 200-row table fits in a page or two: forbid the sequential scan so the index shows.
    await tx.exec('SET LOCAL enable_seqscan = off');
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

const INDEX_OF: Record<string, string> = {
  '-createdAt': indexName('Ord', 'created'),
  createdAt: indexName('Ord', 'created'),
  '-updatedAt': indexName('Ord', 'updated'),
  updatedAt: indexName('Ord', 'updated'),
  objectId: '"o_Ord_pkey"',
  '-objectId': '"o_Ord_pkey"',
};

describe('ordering by a built-in field reads an index, without a sort', () => {
  for (const [order, index] of Object.entries(INDEX_OF)) {
    it(`order=${order}`, async () => {
      for (const readKeys of [undefined, ['*']]) {
        const p = await plan(order, readKeys);
        expect(p).toMatch(/Index Scan/);
        expect(p).toContain(index.replace(/"/g, ''));
        expect(p).not.toMatch(/\bSort\b/);
      }
    });
  }
});

describe('the order of a page is the order of the index', () => {
  it('-createdAt pages are newest first, ties by objectId descending, with no overlap', async () => {
    type Row = { objectId: string; createdAt: string };
    const all: Row[] = [];
    for (let skip = 0; skip < 200; skip += 70) {
      const r = await t.request('GET', '/1.1/classes/Ord', {
        auth: 'master',
        query: { order: '-createdAt', limit: '70', skip: String(skip) },
      });
      all.push(...(r.json.results as Row[]));
    }
    expect(all).toHaveLength(200);
    expect(new Set(all.map((o) => o.objectId)).size).toBe(200);
    const expected = [...all].sort((a, b) =>
      a.createdAt === b.createdAt ? (a.objectId < b.objectId ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
    );
    expect(all.map((o) => o.objectId)).toEqual(expected.map((o) => o.objectId));
  });
});
