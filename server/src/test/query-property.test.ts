import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { BASE_TIME, dateOf, scenarioArb } from './query-arbitraries';
import type { GenQuery, Pool, Ref } from './query-arbitraries';
import { runQuery } from './query-model';
import type { ModelObject } from './query-model';

/**
 * Doc 1 "Query (GET class)": query results of the real server (PGlite or Postgres) against the
 * in-memory evaluator of query-model.ts, on random data and random where / order / skip / limit:
 * same objects, same order, same count.
 *
 * Each run creates objects in a class of its own (after 400 runs, e.g. in a long shrink, emptied
 * classes are reused: an app has at most 500), then sends several queries. Values that a query
 * should find in the data (and objectIds, createdAt) are placeholders {__ref} in the generated
 * query, resolved against the objects the server created, so data and queries shrink independently.
 * QUERY_PROP_RUNS and QUERY_PROP_SEED (environment) run longer or replay a seed.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Placeholders, resolved once the server has created the objects (generated in query-arbitraries.ts).

function poolsOf(objects: ModelObject[]): Record<Pool, unknown[]> {
  const pools: Record<Pool, unknown[]> = {
    s: [],
    n: [],
    f: [],
    b: [],
    d: [],
    arr: [],
    'arr.elem': [],
    obj: [],
    'obj.a': [],
    'obj.b': [],
    p: [],
  };
  for (const { data } of objects) {
    for (const k of ['s', 'n', 'f', 'b', 'd', 'arr', 'obj', 'p'] as const) {
      if (data[k] !== undefined && data[k] !== null) pools[k].push(data[k]);
    }
    if (Array.isArray(data.arr)) pools['arr.elem'].push(...(data.arr as unknown[]));
    const obj = data.obj as Record<string, unknown> | null | undefined;
    if (obj?.a !== undefined && obj.a !== null) pools['obj.a'].push(obj.a);
    if (obj?.b !== undefined && obj.b !== null) pools['obj.b'].push(obj.b);
  }
  return pools;
}

function isRef(v: unknown): v is Ref {
  return typeof v === 'object' && v !== null && '__ref' in v;
}

/** Replaces the placeholders of a generated where with values of the stored objects. */
function resolve(v: unknown, objects: ModelObject[], pools: Record<Pool, unknown[]>): unknown {
  if (Array.isArray(v)) return v.map((x) => resolve(x, objects, pools));
  if (isRef(v)) {
    const n = objects.length;
    switch (v.__ref) {
      case 'id':
        return n ? objects[v.i % n]?.objectId : 'ffffffffffffffffffffffff';
      case 'created': {
        const base = n ? Date.parse(objects[v.i % n]?.createdAt ?? '') : BASE_TIME;
        return dateOf(base + v.deltaMs);
      }
      case 'value': {
        const pool = pools[v.pool];
        const found: unknown = pool.length ? pool[v.i % pool.length] : v.fallback;
        if (!v.reverse || typeof found !== 'object' || found === null || Array.isArray(found)) return found;
        return Object.fromEntries(Object.entries(found).reverse());
      }
    }
  }
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x, objects, pools)]));
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Running a scenario against the server.

/** Classes are never dropped and an app has at most 500, so long shrinks reuse emptied ones. */
const CLASS_SLOTS = 400;
let runCounter = 0;
const slotObjects = new Map<string, string[]>();

async function freshClass(): Promise<string> {
  const cls = `Prop_${runCounter++ % CLASS_SLOTS}`;
  for (const id of slotObjects.get(cls) ?? []) {
    const r = await t.request('DELETE', `/1.1/classes/${cls}/${id}`);
    if (r.status !== 200) throw new Error(`cleanup of ${cls}/${id} failed: ${r.status} ${r.text}`);
  }
  slotObjects.set(cls, []);
  return cls;
}

function describeFailure(
  what: string,
  stored: ModelObject[],
  query: Record<string, unknown>,
  expected: unknown,
  actual: unknown,
): string {
  const data = stored.map((o) => ({ objectId: o.objectId, createdAt: o.createdAt, ...o.data }));
  return [
    `${what} differs from the model`,
    `data: ${JSON.stringify(data)}`,
    `query: ${JSON.stringify(query)}`,
    `expected (model): ${JSON.stringify(expected)}`,
    `actual (server):  ${JSON.stringify(actual)}`,
  ].join('\n');
}

async function checkScenario(s: { objects: Record<string, unknown>[]; queries: GenQuery[] }): Promise<void> {
  const cls = await freshClass();
  const stored: ModelObject[] = [];
  for (const body of s.objects) {
    const r = await t.request('POST', `/1.1/classes/${cls}`, { body });
    if (r.status !== 201)
      throw new Error(`create failed: ${r.status} ${r.text}\nbody: ${JSON.stringify(body)}`);
    const objectId = String(r.json.objectId);
    slotObjects.get(cls)?.push(objectId);
    stored.push({
      objectId,
      createdAt: String(r.json.createdAt),
      data: JSON.parse(JSON.stringify(body)) as Record<string, unknown>,
    });
  }
  const pools = poolsOf(stored);
  for (const q of s.queries) {
    const where = q.where === undefined ? undefined : resolve(q.where, stored, pools);
    const params: Record<string, unknown> = {};
    if (where !== undefined) params.where = where;
    if (q.order !== undefined) params.order = q.order;
    if (q.limit !== undefined) params.limit = String(q.limit);
    if (q.skip !== undefined) params.skip = String(q.skip);
    if (q.count) params.count = '1';

    const model = runQuery(stored, { where, order: q.order, limit: q.limit, skip: q.skip });
    const r = await t.request('GET', `/1.1/classes/${cls}`, { query: params });
    if (r.status !== 200) throw new Error(describeFailure('status', stored, params, 200, r.text));
    const ids = (r.json.results as { objectId: string }[]).map((o) => o.objectId);
    if (JSON.stringify(ids) !== JSON.stringify(model.ids)) {
      throw new Error(describeFailure('results (objectIds in order)', stored, params, model.ids, ids));
    }
    if (q.count && r.json.count !== model.count) {
      throw new Error(describeFailure('count', stored, params, model.count, r.json.count));
    }
  }
}

describe('queries agree with the in-memory model (Doc 1 Query)', () => {
  it('same results, same order, same count on random data and random queries', async () => {
    const seed = process.env.QUERY_PROP_SEED ? Number(process.env.QUERY_PROP_SEED) : undefined;
    await fc.assert(fc.asyncProperty(scenarioArb, checkScenario), {
      numRuns: Number(process.env.QUERY_PROP_RUNS ?? 100),
      ...(seed === undefined ? {} : { seed }),
    });
    expect(runCounter).toBeGreaterThan(0);
  }, 300_000);
});
