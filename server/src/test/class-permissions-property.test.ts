import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './harness';
import type { AuthMode, Reply, TestServer } from './harness';

/**
 * Class permissions and invisible columns: what the server lets each principal (the app key
 * without a session, each user, the master key) do on each path, against an evaluator written
 * here, on random permissions per operation and random invisible fields.
 *
 * The evaluator: an operation without a permission is everyone's; `{"*": true}` is everyone's;
 * `{"onlySignInUsers": true}` admits any user; `{users, roles}` admits the listed users and the
 * members of the listed roles, where a role's members are its `users` plus, transitively, the
 * members of the roles in its `roles`. The master key passes everything. A create with a field the
 * class lacks needs `add_fields` besides `create`. Reads need `find` (queries, sub-queries, CQL) or
 * `get` (by id, include; an include the reader may not `get` stays a pointer). Invisible fields are
 * never returned without the master key, and a query filtering on one is refused.
 * CLP_PROP_RUNS and CLP_PROP_SEED (environment) run longer or replay a seed.
 */

const OPS = ['create', 'find', 'get', 'update', 'delete', 'add_fields'] as const;
type Op = (typeof OPS)[number];
type Perm = { '*': true } | { onlySignInUsers: true } | { users: number[]; roles: number[] } | undefined;

const ROLES = ['Base', 'Child', 'Other'];
/** Direct members (user indexes) and child roles of each role: Child's members inherit Base. */
const MEMBERS = [[0], [1], [2]];
const CHILDREN: number[][] = [[1], [], []];

/** Roles a user holds, inherited ones included. */
function rolesOf(user: number): Set<number> {
  const held = new Set(MEMBERS.flatMap((m, r) => (m.includes(user) ? [r] : [])));
  for (let grew = true; grew;) {
    grew = false;
    CHILDREN.forEach((kids, parent) => {
      if (!held.has(parent) && kids.some((k) => held.has(k))) {
        held.add(parent);
        grew = true;
      }
    });
  }
  return held;
}

/** Principal 0: the app key alone; 1..3: users 0..2; 4: the master key. */
const PRINCIPALS = 5;

function allows(perm: Perm, who: number): boolean {
  if (who === 4 || !perm || '*' in perm) return true;
  if ('onlySignInUsers' in perm) return who >= 1;
  if (who === 0) return false;
  const user = who - 1;
  const held = rolesOf(user);
  return perm.users.includes(user) || perm.roles.some((r) => held.has(r));
}

const permArb: fc.Arbitrary<Perm> = fc.oneof(
  fc.constant(undefined),
  fc.constant({ '*': true as const }),
  fc.constant({ onlySignInUsers: true as const }),
  fc.record({
    users: fc.uniqueArray(fc.nat({ max: 2 }), { maxLength: 3 }),
    roles: fc.uniqueArray(fc.nat({ max: 2 }), { maxLength: 3 }),
  }),
);

const PATHS = [
  'create',
  'createNewField',
  'find',
  'get',
  'update',
  'delete',
  'include',
  'subquery',
  'batchCreate',
  'cql',
  'filterHidden',
] as const;

const scenarioArb = fc.record({
  perms: fc.record(Object.fromEntries(OPS.map((op) => [op, permArb])) as Record<Op, fc.Arbitrary<Perm>>),
  hidden: fc.subarray(['a', 'b']),
  who: fc.nat({ max: PRINCIPALS - 1 }),
  path: fc.constantFrom(...PATHS),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

let t: TestServer;
const userIds: string[] = [];
const sessions: string[] = [];
let objectId = '';
let fieldSerial = 0;

const CLASS = 'ClpProp';

beforeAll(async () => {
  t = await startTestServer();
  for (let i = 0; i < 3; i++) {
    const r = await t.request('POST', '/1.1/users', { body: { username: `clp_u${i}`, password: 'pw' } });
    expect(r.status).toBe(201);
    userIds.push(String(r.json.objectId));
    sessions.push(String(r.json.sessionToken));
  }
  const roleIds: string[] = [];
  for (const [j, name] of ROLES.entries()) {
    const users = (MEMBERS[j] ?? []).map((u) => ({
      __type: 'Pointer',
      className: '_User',
      objectId: userIds[u],
    }));
    const r = await t.request('POST', '/1.1/roles', {
      auth: 'master',
      body: { name, ACL: { '*': { read: true } }, users: { __op: 'AddRelation', objects: users } },
    });
    expect(r.status).toBe(201);
    roleIds.push(String(r.json.objectId));
  }
  for (const [parent, kids] of CHILDREN.entries()) {
    if (!kids.length) continue;
    const objects = kids.map((k) => ({ __type: 'Pointer', className: '_Role', objectId: roleIds[k] }));
    const r = await t.request('PUT', `/1.1/roles/${roleIds[parent]}`, {
      auth: 'master',
      body: { roles: { __op: 'AddRelation', objects } },
    });
    expect(r.status).toBe(200);
  }
  const created = await t.request('POST', `/1.1/schemas/${CLASS}`, {
    auth: 'master',
    body: { fields: { a: { type: 'String' }, b: { type: 'String' } } },
  });
  expect(created.status).toBe(201);
  const obj = await t.request('POST', `/1.1/classes/${CLASS}`, { auth: 'master', body: { a: 'A', b: 'B' } });
  objectId = String(obj.json.objectId);
  const holder = await t.request('POST', '/1.1/classes/ClpHolder', {
    auth: 'master',
    body: { tag: 'h', ptr: { __type: 'Pointer', className: CLASS, objectId } },
  });
  expect(holder.status).toBe(201);
});
afterAll(() => t.close());

function as(who: number): { auth: AuthMode; headers?: Record<string, string> } {
  if (who === 4) return { auth: 'master' };
  if (who === 0) return { auth: 'app' };
  return { auth: 'app', headers: { 'X-LC-Session': sessions[who - 1] ?? '' } };
}

/** The fields of the seeded object a principal sees. */
const visible = (s: Scenario) => ['a', 'b'].filter((f) => s.who === 4 || !s.hidden.includes(f)).sort();
const dataKeys = (o: unknown) =>
  Object.keys(o as Record<string, unknown>)
    .filter((k) => k === 'a' || k === 'b')
    .sort();

async function configure(s: Scenario): Promise<void> {
  const permissions: Record<string, unknown> = {};
  for (const op of OPS) {
    const p = s.perms[op];
    permissions[op] =
      p === undefined
        ? { '*': true }
        : 'users' in p
          ? { users: p.users.map((u) => userIds[u]), roles: p.roles.map((r) => ROLES[r]) }
          : p;
  }
  const fields = Object.fromEntries(
    ['a', 'b'].map((f) => [f, { type: 'String', hidden: s.hidden.includes(f) }]),
  );
  const r = await t.request('PUT', `/1.1/schemas/${CLASS}`, {
    auth: 'master',
    body: { fields, permissions },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

/** Runs the scenario's path; answers whether it was allowed and the data fields it returned. */
async function perform(s: Scenario): Promise<{ allowed: boolean; fields?: string[] }> {
  const who = as(s.who);
  const denied = (r: Reply) => {
    if (r.status === 403) return true;
    expect(r.status, JSON.stringify(r.json)).toBeLessThan(300);
    return false;
  };
  switch (s.path) {
    case 'create':
      return {
        allowed: !denied(await t.request('POST', `/1.1/classes/${CLASS}`, { ...who, body: { a: 'n' } })),
      };
    case 'createNewField': {
      const body = { [`f${fieldSerial++}`]: 1 };
      return { allowed: !denied(await t.request('POST', `/1.1/classes/${CLASS}`, { ...who, body })) };
    }
    case 'find': {
      const r = await t.request('GET', `/1.1/classes/${CLASS}`, {
        ...who,
        query: { where: { objectId } },
      });
      if (denied(r)) return { allowed: false };
      return { allowed: true, fields: dataKeys((r.json.results as unknown[])[0]) };
    }
    case 'get': {
      const r = await t.request('GET', `/1.1/classes/${CLASS}/${objectId}`, who);
      if (denied(r)) return { allowed: false };
      return { allowed: true, fields: dataKeys(r.json) };
    }
    case 'update':
      return {
        allowed: !denied(
          await t.request('PUT', `/1.1/classes/${CLASS}/${objectId}`, { ...who, body: { a: 'A' } }),
        ),
      };
    case 'delete': {
      const victim = await t.request('POST', `/1.1/classes/${CLASS}`, { auth: 'master', body: { a: 'v' } });
      const r = await t.request('DELETE', `/1.1/classes/${CLASS}/${String(victim.json.objectId)}`, who);
      return { allowed: !denied(r) };
    }
    case 'include': {
      const r = await t.request('GET', '/1.1/classes/ClpHolder', { ...who, query: { include: 'ptr' } });
      expect(r.status).toBe(200);
      const ptr = (r.json.results as { ptr: Record<string, unknown> }[])[0]?.ptr ?? {};
      return 'createdAt' in ptr ? { allowed: true, fields: dataKeys(ptr) } : { allowed: false };
    }
    case 'subquery': {
      const where = { ptr: { $inQuery: { className: CLASS, where: {} } } };
      return {
        allowed: !denied(await t.request('GET', '/1.1/classes/ClpHolder', { ...who, query: { where } })),
      };
    }
    case 'batchCreate': {
      const requests = [0, 1].map(() => ({
        method: 'POST',
        path: `/1.1/classes/${CLASS}`,
        body: { a: 'x' },
      }));
      const r = await t.request('POST', '/1.1/batch', { ...who, body: { requests } });
      expect(r.status).toBe(200);
      const codes = (r.body as { error?: { code: number } }[]).map((e) => e.error?.code ?? 0);
      expect(codes[0]).toBe(codes[1]);
      return { allowed: codes[0] === 0 };
    }
    case 'cql': {
      const r = await t.request('GET', '/1.1/cloudQuery', {
        ...who,
        query: { cql: `select * from ${CLASS}` },
      });
      if (denied(r)) return { allowed: false };
      const own = (r.json.results as { objectId: string }[]).find((o) => o.objectId === objectId);
      return { allowed: true, fields: dataKeys(own) };
    }
    case 'filterHidden': {
      const r = await t.request('GET', `/1.1/classes/${CLASS}`, { ...who, query: { where: { a: 'A' } } });
      return { allowed: !denied(r) };
    }
  }
}

/** The evaluator: what the scenario's principal may do on its path. */
function expected(s: Scenario): { allowed: boolean; fields?: string[] } {
  const may = (op: Op) => allows(s.perms[op], s.who);
  const read = (op: Op) => (may(op) ? { allowed: true, fields: visible(s) } : { allowed: false });
  switch (s.path) {
    case 'create':
    case 'batchCreate':
      return { allowed: may('create') };
    case 'createNewField':
      return { allowed: may('create') && may('add_fields') };
    case 'find':
    case 'cql':
      return read('find');
    case 'get':
    case 'include':
      return read('get');
    case 'update':
      return { allowed: may('update') };
    case 'delete':
      return { allowed: may('delete') };
    case 'subquery':
      return { allowed: may('find') };
    case 'filterHidden':
      return { allowed: may('find') && (s.who === 4 || !s.hidden.includes('a')) };
  }
  return { allowed: false };
}

describe('class permissions against an evaluator', () => {
  it('allows, denies and returns fields as the evaluator says, on every path', async () => {
    const seed = process.env.CLP_PROP_SEED ? Number(process.env.CLP_PROP_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (s) => {
        await configure(s);
        expect(await perform(s), JSON.stringify(s)).toEqual(expected(s));
      }),
      { numRuns: Number(process.env.CLP_PROP_RUNS ?? 120), ...(seed === undefined ? {} : { seed }) },
    );
  });
});
