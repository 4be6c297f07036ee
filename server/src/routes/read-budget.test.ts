import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

// Security regression: a 19 MB string in one object plus an $or of 100 terms answered 500 "out of
// memory", and the process kept 2.5 GB. The database copies a large object each time a condition
// reads it, so a query may read at most 128 MB per object (reads × the largest object of the
// classes it reads), checked before it runs: over that, 400 naming the limit. Never 500, never
// longer than the statement limit plus a second. Memory figures: bench/src/limits-bench.ts.

const LIMIT_MS = 2000;
const BIG = 19 * 1024 * 1024;

let t: TestServer;
const pglite = () => t.server.sql.kind === 'pglite';

beforeAll(async () => {
  t = await startTestServer({ statementTimeoutMs: LIMIT_MS });
  const big = await t.request('POST', '/1.1/classes/Big', { body: { s: 'x'.repeat(BIG), n: 0 } });
  expect(big.status).toBe(201);
  const requests = Array.from({ length: 50 }, (_, i) => ({
    method: 'POST',
    path: '/1.1/classes/Small',
    body: { n: i, text: `object ${i} `.repeat(i % 2 ? 10 : 10_000) },
  }));
  expect((await t.request('POST', '/1.1/batch', { body: { requests } })).status).toBe(200);
}, 120_000);
afterAll(() => t.close());

/** The where sent in the body (the method override), as the SDKs do with long queries. */
async function query(className: string, where: unknown) {
  const started = Date.now();
  const body = { _method: 'GET', where, keys: 'n' };
  const r = await t.request('POST', `/1.1/classes/${className}`, { body });
  expect(Date.now() - started).toBeLessThan(LIMIT_MS + 1000);
  return r;
}

function expectRefused(r: Awaited<ReturnType<typeof query>>) {
  expect(r.status).toBe(400);
  expect(r.json).toEqual({
    code: 1,
    error: expect.stringMatching(
      /objects of class Big reach 19 MB\. A query may read at most 128 MB per object \(reads × object size\)/,
    ),
  });
}

describe('what a query may make the database read', () => {
  it('an $or of 100 patterns over a 19 MB object', async () => {
    const or = Array.from({ length: 100 }, (_, i) => ({ s: { $regex: `y${i}` } }));
    expectRefused(await query('Big', { $or: or }));
  }, 60_000);

  it('an $in of 100 values and an $or of 100 equalities over a 19 MB object', async () => {
    const values = Array.from({ length: 100 }, (_, i) => `v${i}`);
    expectRefused(await query('Big', { s: { $in: values } }));
    expectRefused(await query('Big', { $or: values.map((v) => ({ s: v })) }));
  }, 60_000);

  it('wide queries over ordinary objects still run', async () => {
    const values = Array.from({ length: 500 }, (_, i) => i);
    const r = await query('Small', { n: { $in: values } });
    expect(r.status).toBe(200);
    expect((r.json.results as unknown[]).length).toBe(50);
    const or = await query('Small', { $or: values.slice(0, 100).map((n) => ({ n })) });
    expect((or.json.results as unknown[]).length).toBe(50);
  }, 60_000);

  it('a few conditions over the 19 MB object still run', async () => {
    const r = await query('Big', { n: 0, s: { $exists: true } });
    expect(r.status).toBe(200);
    expect((r.json.results as unknown[]).length).toBe(1);
  }, 60_000);

  it('more than 1000 conditions are refused, naming the limit', async () => {
    const r = await query('Small', { n: { $in: Array.from({ length: 1001 }, (_, i) => i) } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(
      'Invalid where: it has 1001 conditions (each value of $in, $nin and $all counts); at most 1000 are accepted.',
    );
  }, 60_000);

  it('on PGlite a $regex scans a string only as long as its pattern allows; Postgres stops it in time', async () => {
    const r = await query('Big', { s: { $regex: 'x{3}y' } });
    if (pglite()) {
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(
        /^The \$regex on 's' met a string of 19 MB; with this pattern it may scan at most/,
      );
    } else {
      expect([200, 503]).toContain(r.status);
    }
  }, 60_000);
});
