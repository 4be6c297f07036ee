import { BASE_TIME, dateOf } from './query-arbitraries';
import type { GenQuery, Pool, Ref } from './query-arbitraries';
import type { TestServer } from './harness';
import { runQuery } from './query-model';
import type { ModelObject } from './query-model';

/**
 * What the query property tests share: a class per run to store generated objects in, and the
 * placeholders of generated queries ({__ref}, see query-arbitraries.ts) resolved against the
 * objects the server created.
 */

// ---------------------------------------------------------------------------------------------
// Placeholders, resolved once the server has created the objects.

export function poolsOf(objects: ModelObject[]): Record<Pool, unknown[]> {
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
export function resolve(v: unknown, objects: ModelObject[], pools: Record<Pool, unknown[]>): unknown {
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

/** The parameters of GET /1.1/classes/<className> for a generated query (where resolved). */
export function queryParams(q: GenQuery, where: unknown): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (where !== undefined) params.where = where;
  if (q.order !== undefined) params.order = q.order;
  if (q.limit !== undefined) params.limit = String(q.limit);
  if (q.skip !== undefined) params.skip = String(q.skip);
  if (q.count) params.count = '1';
  return params;
}

// ---------------------------------------------------------------------------------------------
// A class per run.

/** Classes are never dropped and an app has at most 500, so long shrinks reuse emptied ones. */
const CLASS_SLOTS = 400;

export class ScenarioClasses {
  /** Runs so far (one class each). */
  runs = 0;
  private readonly slotObjects = new Map<string, string[]>();

  constructor(
    private readonly t: TestServer,
    private readonly prefix = 'Prop',
  ) {}

  /** An empty class for the next run. */
  async fresh(): Promise<string> {
    const cls = `${this.prefix}_${this.runs++ % CLASS_SLOTS}`;
    for (const id of this.slotObjects.get(cls) ?? []) {
      const r = await this.t.request('DELETE', `/1.1/classes/${cls}/${id}`);
      if (r.status !== 200) throw new Error(`cleanup of ${cls}/${id} failed: ${r.status} ${r.text}`);
    }
    this.slotObjects.set(cls, []);
    return cls;
  }

  /** Creates the objects in the class; each as the model sees it. */
  async store(cls: string, objects: Record<string, unknown>[]): Promise<ModelObject[]> {
    const stored: ModelObject[] = [];
    for (const body of objects) {
      const r = await this.t.request('POST', `/1.1/classes/${cls}`, { body });
      if (r.status !== 201)
        throw new Error(`create failed: ${r.status} ${r.text}\nbody: ${JSON.stringify(body)}`);
      const objectId = String(r.json.objectId);
      this.slotObjects.get(cls)?.push(objectId);
      stored.push({
        objectId,
        createdAt: String(r.json.createdAt),
        data: JSON.parse(JSON.stringify(body)) as Record<string, unknown>,
      });
    }
    return stored;
  }
}

/** The message of a property failure: the data, the query, both answers (named by `sides`). */
export function describeFailure(
  what: string,
  stored: ModelObject[],
  query: unknown,
  expected: unknown,
  actual: unknown,
  sides: [expected: string, actual: string] = ['model', 'server'],
): string {
  const data = stored.map((o) => ({ objectId: o.objectId, createdAt: o.createdAt, ...o.data }));
  return [
    `${what} differs from the ${sides[0]}`,
    `data: ${JSON.stringify(data)}`,
    `query: ${JSON.stringify(query)}`,
    `expected (${sides[0]}): ${JSON.stringify(expected)}`,
    `actual (${sides[1]}):  ${JSON.stringify(actual)}`,
  ].join('\n');
}

/**
 * Sends each query of a scenario to the class and compares the answer with the in-memory model:
 * same objectIds in the same order, and the same count when asked. Throws with the data and query.
 */
export async function checkQueries(
  t: TestServer,
  cls: string,
  stored: ModelObject[],
  queries: GenQuery[],
): Promise<void> {
  const pools = poolsOf(stored);
  for (const q of queries) {
    const where = q.where === undefined ? undefined : resolve(q.where, stored, pools);
    const params = queryParams(q, where);
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
    checkObjects(stored, params, r.json.results as Record<string, unknown>[]);
  }
}

/** JSON with object keys sorted at every depth: equal values, equal text, whatever the key order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

/** Each answered object is the stored one: every field as sent, objectId, createdAt, updatedAt. */
function checkObjects(stored: ModelObject[], params: unknown, results: Record<string, unknown>[]): void {
  const byId = new Map(stored.map((o) => [o.objectId, o]));
  for (const got of results) {
    const o = byId.get(String(got.objectId));
    const want = o && { ...o.data, objectId: o.objectId, createdAt: o.createdAt, updatedAt: o.createdAt };
    if (canonical(got) !== canonical(want))
      throw new Error(describeFailure('object', stored, params, want, got));
  }
}
