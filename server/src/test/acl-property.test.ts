import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './harness';
import type { AuthMode, Reply, TestServer } from './harness';

/**
 * Doc 1 ACL and Role: what the real server lets each principal (every user, the app key without a
 * session, the master key) read and write, against an evaluator written here from the document
 * alone, on random users, random role graphs (cycles included) and random ACLs.
 *
 * The evaluator: an object without ACL is public (read and write). Otherwise a principal may do
 * what one of its ACL keys is granted (`true`). The keys of a user are `*`, its objectId, and
 * `role:<name>` of every role whose `users` holds it, plus, transitively, of every role whose
 * `roles` (child roles, which inherit all permissions of the parent) holds one of those. The app
 * key without a session has `*` only; the master key may do everything.
 *
 * Checked per principal and object: get (unreadable objects answer 200 {} like missing ones),
 * query by tag (same id set, same count), include of a pointer (expanded only when the target is
 * readable, also one level deeper), $inQuery / $select / $dontSelect (sub-queries see only
 * readable objects), GETs inside a batch, update (refused with a 4xx and nothing changes unless
 * writable), batch updates (element by element), then deletes (single and batched).
 * Each run starts from POST /1.1/__test/reset. ACL_PROP_RUNS and ACL_PROP_SEED (environment)
 * run longer or replay a seed.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const CLASS = 'AclProp';

// ---------------------------------------------------------------------------------------------
// Scenarios, abstract: users, roles and objects are indexes until the server has created them.

type KeyGen =
  | { kind: 'public' }
  | { kind: 'user'; i: number }
  | { kind: 'role'; i: number }
  | { kind: 'ghostUser' }
  | { kind: 'ghostRole' };

interface AclEntryGen {
  key: KeyGen;
  /** `false` is sent as such (it grants nothing); undefined leaves the permission out. */
  read: boolean | undefined;
  write: boolean | undefined;
}

interface RoleGen {
  /** Users the role's `users` relation holds. */
  users: number[];
  /** Child roles the role's `roles` relation holds (may be the role itself, or form cycles). */
  children: number[];
}

interface ObjectGen {
  /** null: created without an ACL. */
  acl: AclEntryGen[] | null;
  /** Index of the object a Pointer field `ref` points to. */
  ref: number | null;
}

interface Scenario {
  users: number;
  roles: RoleGen[];
  objects: ObjectGen[];
  /** Per object, which principal tries to delete it (index modulo the principals). */
  deleters: number[];
}

const permArb = fc.constantFrom(true, true, false, undefined);

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    users: fc.integer({ min: 1, max: 4 }),
    roleCount: fc.integer({ min: 0, max: 4 }),
    objectCount: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ users, roleCount, objectCount }) => {
    const userIdx = fc.nat({ max: users - 1 });
    const roleIdx = fc.nat({ max: Math.max(0, roleCount - 1) });
    const roleArb: fc.Arbitrary<RoleGen> = fc.record({
      users: fc.uniqueArray(userIdx, { maxLength: users }),
      children: roleCount > 0 ? fc.uniqueArray(roleIdx, { maxLength: 3 }) : fc.constant([]),
    });
    const keyArb: fc.Arbitrary<KeyGen> = fc.oneof(
      { weight: 2, arbitrary: fc.constant<KeyGen>({ kind: 'public' }) },
      { weight: 3, arbitrary: userIdx.map((i): KeyGen => ({ kind: 'user', i })) },
      {
        weight: roleCount > 0 ? 5 : 0,
        arbitrary: roleIdx.map((i): KeyGen => ({ kind: 'role', i })),
      },
      { weight: 1, arbitrary: fc.constantFrom<KeyGen>({ kind: 'ghostUser' }, { kind: 'ghostRole' }) },
    );
    const entryArb: fc.Arbitrary<AclEntryGen> = fc.record({ key: keyArb, read: permArb, write: permArb });
    const objectArb: fc.Arbitrary<ObjectGen> = fc.record({
      acl: fc.option(fc.array(entryArb, { maxLength: 4 }), { nil: null, freq: 4 }),
      ref: fc.option(fc.nat({ max: objectCount - 1 }), { nil: null, freq: 2 }),
    });
    return fc.record({
      users: fc.constant(users),
      roles: fc.array(roleArb, { minLength: roleCount, maxLength: roleCount }),
      objects: fc.array(objectArb, { minLength: objectCount, maxLength: objectCount }),
      deleters: fc.array(fc.nat({ max: 20 }), { minLength: objectCount, maxLength: objectCount }),
    });
  });

/**
 * A fixed scenario run first, so that every run exercises inheritance and cycles: role 0 holds
 * user 0; role 1 holds role 0 (so user 0 inherits role 1); roles 2 and 3 hold each other and
 * role 3 holds user 1; role 1 holds role 2 (user 1 inherits role 1 through the cycle).
 */
const fixedScenario: Scenario = {
  users: 3,
  roles: [
    { users: [0], children: [] },
    { users: [], children: [0, 2] },
    { users: [], children: [3] },
    { users: [1], children: [2] },
  ],
  objects: [
    { acl: [{ key: { kind: 'role', i: 1 }, read: true, write: undefined }], ref: 3 },
    { acl: [{ key: { kind: 'role', i: 0 }, read: true, write: true }], ref: 0 },
    { acl: [{ key: { kind: 'role', i: 2 }, read: undefined, write: true }], ref: 1 },
    { acl: null, ref: 2 },
    {
      acl: [
        { key: { kind: 'user', i: 2 }, read: true, write: true },
        { key: { kind: 'public' }, read: true, write: false },
      ],
      ref: 0,
    },
    { acl: [], ref: 4 },
  ],
  deleters: [0, 1, 2, 3, 4, 9],
};

// ---------------------------------------------------------------------------------------------
// The independent evaluator.

type Acl = Record<string, { read?: boolean; write?: boolean }>;

interface Principal {
  label: string;
  auth: AuthMode;
  headers: Record<string, string>;
  /** ACL keys; undefined for the master key. */
  keys: Set<string> | undefined;
  /** The role keys the user has only through inheritance (a child role of the role). */
  inherited: Set<string>;
}

/** Indexes of the roles a user has, inherited ones included (a fixpoint, so cycles end). */
function rolesOf(user: number, roles: RoleGen[]): Set<number> {
  const have = new Set<number>();
  roles.forEach((r, j) => {
    if (r.users.includes(user)) have.add(j);
  });
  for (let changed = true; changed;) {
    changed = false;
    roles.forEach((r, j) => {
      if (!have.has(j) && r.children.some((c) => have.has(c))) {
        have.add(j);
        changed = true;
      }
    });
  }
  return have;
}

/** Whether the ACL grants read to the principal through inherited role keys only. */
function readOnlyThrough(acl: Acl, who: Principal): boolean {
  const grants = Object.keys(acl).filter((k) => acl[k]?.read === true && who.keys?.has(k));
  return grants.length > 0 && grants.every((k) => who.inherited.has(k));
}

function allows(acl: Acl | null, who: Principal, perm: 'read' | 'write'): boolean {
  if (who.keys === undefined || acl === null) return true;
  return [...who.keys].some((k) => acl[k]?.[perm] === true);
}

// ---------------------------------------------------------------------------------------------
// Running a scenario.

interface World {
  tag: string;
  userIds: string[];
  roleNames: string[];
  principals: Principal[];
  objects: { id: string; acl: Acl | null; ref: number | null }[];
  /** The value of `v` each object should have. */
  v: Map<string, number>;
  deleted: Set<string>;
}

let runCounter = 0;
let valueCounter = 0;
/** How often each kind of case came up, over all runs (the test checks every kind did). */
const seen = {
  readable: 0,
  hidden: 0,
  writable: 0,
  refused: 0,
  inheritedGrant: 0,
  expandedInclude: 0,
  plainInclude: 0,
  deletedOk: 0,
  deleteRefused: 0,
};

class Mismatch extends Error {}

function describeWorld(w: World, s: Scenario): string {
  const roles = s.roles.map((r, j) => ({
    name: w.roleNames[j],
    users: r.users.map((u) => w.userIds[u]),
    childRoles: r.children.map((c) => w.roleNames[c]),
  }));
  const principals = w.principals.map((p) => ({ label: p.label, keys: p.keys ? [...p.keys] : 'master' }));
  const objects = w.objects.map((o) => ({
    id: o.id,
    ACL: o.acl ?? '(none)',
    ref: o.ref === null ? null : w.objects[o.ref]?.id,
  }));
  return JSON.stringify({ users: w.userIds, roles, principals, objects }, null, 1);
}

async function ok(r: Promise<Reply>, status: number, what: string): Promise<Reply> {
  const reply = await r;
  if (reply.status !== status)
    throw new Error(`${what}: expected ${status}, got ${reply.status} ${reply.text}`);
  return reply;
}

const pointer = (id: string) => ({ __type: 'Pointer', className: CLASS, objectId: id });
const relation = (className: string, ids: string[]) => ({
  __op: 'AddRelation',
  objects: ids.map((objectId) => ({ __type: 'Pointer', className, objectId })),
});

function keyString(k: KeyGen, userIds: string[], roleNames: string[]): string {
  switch (k.kind) {
    case 'public':
      return '*';
    case 'user':
      return userIds[k.i] ?? '';
    case 'role':
      return `role:${roleNames[k.i] ?? ''}`;
    case 'ghostUser':
      return 'ffffffffffffffffffffffff';
    case 'ghostRole':
      return 'role:NoSuchRole';
  }
}

async function build(s: Scenario): Promise<World> {
  const run = runCounter++;
  await ok(t.request('POST', '/1.1/__test/reset', { auth: 'master' }), 200, 'reset');
  const tag = `run${run}`;

  const userIds: string[] = [];
  const principals: Principal[] = [];
  for (let i = 0; i < s.users; i++) {
    const r = await ok(
      t.request('POST', '/1.1/users', { body: { username: `u${run}_${i}`, password: 'pw' } }),
      201,
      'register',
    );
    userIds.push(String(r.json.objectId));
    principals.push({
      label: `user${i}`,
      auth: 'app',
      headers: { 'X-LC-Session': String(r.json.sessionToken) },
      keys: undefined,
      inherited: new Set(),
    });
  }
  const roleNames = s.roles.map((_, j) => `R${run}_${j}`);
  principals.forEach((p, i) => {
    const all = [...rolesOf(i, s.roles)];
    p.keys = new Set(['*', userIds[i] ?? '', ...all.map((j) => `role:${roleNames[j]}`)]);
    const direct = new Set(s.roles.flatMap((r, j) => (r.users.includes(i) ? [j] : [])));
    p.inherited = new Set(all.filter((j) => !direct.has(j)).map((j) => `role:${roleNames[j]}`));
  });
  principals.push({ label: 'app key', auth: 'app', headers: {}, keys: new Set(['*']), inherited: new Set() });
  principals.push({
    label: 'master key',
    auth: 'master',
    headers: {},
    keys: undefined,
    inherited: new Set(),
  });

  // Roles: created with their users and the child roles that already exist; the other children
  // (later roles, the role itself) are added afterwards with an update.
  const roleIds: string[] = [];
  for (const [j, role] of s.roles.entries()) {
    const body: Record<string, unknown> = { name: roleNames[j], ACL: { '*': { read: true } } };
    if (role.users.length)
      body.users = relation(
        '_User',
        role.users.map((u) => userIds[u] ?? ''),
      );
    const earlier = role.children.filter((c) => c < j);
    if (earlier.length)
      body.roles = relation(
        '_Role',
        earlier.map((c) => roleIds[c] ?? ''),
      );
    const r = await ok(t.request('POST', '/1.1/roles', { auth: 'master', body }), 201, `create role ${j}`);
    roleIds.push(String(r.json.objectId));
  }
  for (const [j, role] of s.roles.entries()) {
    const later = role.children.filter((c) => c >= j);
    if (!later.length) continue;
    const body = {
      roles: relation(
        '_Role',
        later.map((c) => roleIds[c] ?? ''),
      ),
    };
    await ok(
      t.request('PUT', `/1.1/roles/${roleIds[j]}`, { auth: 'master', body }),
      200,
      `add child roles to ${j}`,
    );
  }

  const objects: World['objects'] = [];
  const v = new Map<string, number>();
  for (const [i, o] of s.objects.entries()) {
    let acl: Acl | null = null;
    if (o.acl) {
      acl = {};
      for (const e of o.acl) {
        const entry: { read?: boolean; write?: boolean } = {};
        if (e.read !== undefined) entry.read = e.read;
        if (e.write !== undefined) entry.write = e.write;
        acl[keyString(e.key, userIds, roleNames)] = entry;
      }
    }
    const body: Record<string, unknown> = { tag, i, v: 0 };
    if (acl) body.ACL = acl;
    const r = await ok(
      t.request('POST', `/1.1/classes/${CLASS}`, { auth: 'master', body }),
      201,
      `create object ${i}`,
    );
    const id = String(r.json.objectId);
    objects.push({ id, acl, ref: o.ref });
    v.set(id, 0);
  }
  for (const o of objects) {
    if (o.ref === null) continue;
    // `target` repeats the index of the pointed-to object, for $select / $dontSelect.
    const body = { ref: pointer(objects[o.ref]?.id ?? ''), target: o.ref };
    await ok(t.request('PUT', `/1.1/classes/${CLASS}/${o.id}`, { auth: 'master', body }), 200, 'set ref');
  }
  return { tag, userIds, roleNames, principals, objects, v, deleted: new Set() };
}

type Check = (cond: boolean, what: string, expected: unknown, actual: unknown) => void;

function checker(w: World, s: Scenario): Check {
  return (cond, what, expected, actual) => {
    if (cond) return;
    throw new Mismatch(
      [
        what,
        `expected: ${JSON.stringify(expected)}`,
        `actual:   ${JSON.stringify(actual)}`,
        `scenario: ${describeWorld(w, s)}`,
      ].join('\n'),
    );
  };
}

const sameSet = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/**
 * Whether an included `ref` is right: expanded when the target is readable, else a plain pointer;
 * `depth` 2 checks `ref.ref` inside an expanded target too.
 */
function checkRef(
  w: World,
  who: Principal,
  obj: Record<string, unknown>,
  check: Check,
  where: string,
  depth = 1,
): void {
  const model = w.objects.find((o) => o.id === obj.objectId);
  if (!model || model.ref === null) return;
  const target = w.objects[model.ref];
  if (!target) return;
  const ref = obj.ref as Record<string, unknown> | undefined;
  if (!w.deleted.has(target.id) && allows(target.acl, who, 'read')) {
    seen.expandedInclude++;
    check(
      ref?.__type === 'Pointer' &&
        ref.objectId === target.id &&
        ref.tag === w.tag &&
        ref.v === w.v.get(target.id),
      `${where}: ${who.label} may read the target ${target.id}, so include expands it`,
      { ...pointer(target.id), tag: w.tag, v: w.v.get(target.id) },
      ref,
    );
    if (depth > 1 && ref) checkRef(w, who, ref, check, `${where} .ref`, depth - 1);
  } else {
    seen.plainInclude++;
    check(
      isDeepStrictEqual(ref, pointer(target.id)),
      `${where}: ${who.label} may not read the target ${target.id} (or it is deleted), so the plain pointer stays`,
      pointer(target.id),
      ref,
    );
  }
}

async function checkReads(w: World, s: Scenario): Promise<void> {
  const check = checker(w, s);
  for (const who of w.principals) {
    const opts = { auth: who.auth, headers: who.headers };
    const readable = w.objects.filter((o) => !w.deleted.has(o.id) && allows(o.acl, who, 'read'));
    for (const o of w.objects) {
      const r = await t.request('GET', `/1.1/classes/${CLASS}/${o.id}`, {
        ...opts,
        query: { include: 'ref' },
      });
      if (readable.includes(o)) {
        seen.readable++;
        check(
          r.status === 200 && r.json.objectId === o.id && r.json.tag === w.tag && r.json.v === w.v.get(o.id),
          `GET ${o.id} as ${who.label}: readable, so its fields come back`,
          { status: 200, objectId: o.id, tag: w.tag, v: w.v.get(o.id) },
          { status: r.status, body: r.body },
        );
        checkRef(w, who, r.json, check, `GET ${o.id}?include=ref`);
        if (o.acl && readOnlyThrough(o.acl, who)) seen.inheritedGrant++;
      } else {
        seen.hidden++;
        // Observed: an object the ACL hides answers 200 {} like an unknown id.
        check(
          r.status === 200 && JSON.stringify(r.body) === '{}',
          `GET ${o.id} as ${who.label}: not readable, so nothing of it shows (200 {})`,
          { status: 200, body: {} },
          { status: r.status, body: r.body },
        );
      }
    }

    const q = await t.request('GET', `/1.1/classes/${CLASS}`, {
      ...opts,
      query: { where: { tag: w.tag }, count: '1', include: 'ref.ref', limit: '1000' },
    });
    check(q.status === 200, `query as ${who.label}: status`, 200, q.text);
    const results = (q.json.results ?? []) as Record<string, unknown>[];
    const ids = results.map((x) => String(x.objectId));
    const want = readable.map((o) => o.id);
    check(
      sameSet(ids, want),
      `query {tag} as ${who.label}: exactly the readable objects`,
      want.sort(),
      ids.sort(),
    );
    check(q.json.count === want.length, `query {tag} count=1 as ${who.label}`, want.length, q.json.count);
    for (const x of results)
      checkRef(w, who, x, check, `query include=ref.ref as ${who.label}, ${String(x.objectId)}`, 2);

    // GETs inside a batch: an unreadable object shows nothing there either.
    const batch = await t.request('POST', '/1.1/batch', {
      ...opts,
      body: { requests: w.objects.map((o) => ({ method: 'GET', path: `/1.1/classes/${CLASS}/${o.id}` })) },
    });
    check(
      batch.status === 200 && Array.isArray(batch.body),
      `batch GET as ${who.label}: status`,
      200,
      batch.text,
    );
    for (const [i, o] of w.objects.entries()) {
      const el = ((batch.body as unknown[])[i] ?? {}) as { success?: Record<string, unknown> | null };
      if (readable.includes(o)) {
        check(
          el.success?.objectId === o.id && el.success.v === w.v.get(o.id),
          `batch GET ${o.id} as ${who.label}: readable, so its fields come back`,
          { success: { objectId: o.id, v: w.v.get(o.id) } },
          el,
        );
      } else {
        // Observed: success null (an unknown id inside a batch answers the same).
        check(
          'success' in el && (el.success === null || Object.keys(el.success ?? {}).length === 0),
          `batch GET ${o.id} as ${who.label}: not readable, so no fields`,
          { success: null },
          el,
        );
      }
    }

    const counted = await t.request('GET', `/1.1/classes/${CLASS}`, {
      ...opts,
      query: { where: { tag: w.tag }, count: '1', limit: '0' },
    });
    check(
      counted.status === 200 &&
        counted.json.count === want.length &&
        JSON.stringify(counted.json.results) === '[]',
      `query {tag} count=1 limit=0 as ${who.label}`,
      { count: want.length, results: [] },
      counted.body,
    );

    // Sub-queries see only what the principal may read: $inQuery on the pointer, and $select /
    // $dontSelect matching `target` (the index of the pointed-to object) against `i`.
    const targetReadable = (o: World['objects'][number]) => {
      const target = o.ref === null ? undefined : w.objects[o.ref];
      return target !== undefined && readable.includes(target);
    };
    const withTarget = readable.filter((o) => o.ref !== null);
    const subQuery = { className: CLASS, where: { tag: w.tag } };
    const subCases: [string, Record<string, unknown>, string[]][] = [
      [
        '$inQuery',
        { tag: w.tag, ref: { $inQuery: subQuery } },
        withTarget.filter(targetReadable).map((o) => o.id),
      ],
      [
        '$select',
        { tag: w.tag, target: { $select: { query: subQuery, key: 'i' } } },
        withTarget.filter(targetReadable).map((o) => o.id),
      ],
      [
        '$dontSelect',
        { tag: w.tag, target: { $exists: true, $dontSelect: { query: subQuery, key: 'i' } } },
        withTarget.filter((o) => !targetReadable(o)).map((o) => o.id),
      ],
    ];
    for (const [op, where, subWant] of subCases) {
      const sub = await t.request('GET', `/1.1/classes/${CLASS}`, { ...opts, query: { where } });
      const subIds = ((sub.json.results ?? []) as { objectId: string }[]).map((x) => x.objectId);
      check(
        sub.status === 200 && sameSet(subIds, subWant),
        `query with ${op} as ${who.label}: the sub-query sees only readable objects`,
        subWant.sort(),
        sub.status === 200 ? subIds.sort() : sub.text,
      );
    }
  }
}

/** The master key's view of `v` (and which objects exist) must match the model. */
async function checkStored(w: World, s: Scenario, after: string): Promise<void> {
  const check = checker(w, s);
  const r = await ok(
    t.request('GET', `/1.1/classes/${CLASS}`, {
      auth: 'master',
      query: { where: { tag: w.tag }, limit: '1000' },
    }),
    200,
    'master query',
  );
  const actual = Object.fromEntries(
    ((r.json.results ?? []) as { objectId: string; v: number }[]).map((x) => [x.objectId, x.v]),
  );
  const expected = Object.fromEntries(
    w.objects.filter((o) => !w.deleted.has(o.id)).map((o) => [o.id, w.v.get(o.id)]),
  );
  check(
    JSON.stringify(Object.entries(actual).sort()) === JSON.stringify(Object.entries(expected).sort()),
    `stored objects and values after ${after}`,
    expected,
    actual,
  );
}

function isClientError(r: Reply): boolean {
  return (
    r.status >= 400 && r.status < 500 && typeof r.json.code === 'number' && typeof r.json.error === 'string'
  );
}

async function checkUpdates(w: World, s: Scenario): Promise<void> {
  const check = checker(w, s);
  for (const who of w.principals) {
    for (const o of w.objects) {
      const value = ++valueCounter;
      const r = await t.request('PUT', `/1.1/classes/${CLASS}/${o.id}`, {
        auth: who.auth,
        headers: who.headers,
        body: { v: value },
      });
      if (allows(o.acl, who, 'write')) {
        seen.writable++;
        check(
          r.status === 200 && typeof r.json.updatedAt === 'string',
          `PUT ${o.id} as ${who.label}: writable`,
          200,
          r.text,
        );
        w.v.set(o.id, value);
      } else {
        seen.refused++;
        check(
          isClientError(r),
          `PUT ${o.id} as ${who.label}: not writable, so a 4xx error`,
          '4xx {code, error}',
          `${r.status} ${r.text}`,
        );
      }
    }
    await checkStored(w, s, `PUTs as ${who.label}`);
  }

  for (const who of w.principals) {
    const values = w.objects.map(() => ++valueCounter);
    const r = await t.request('POST', '/1.1/batch', {
      auth: who.auth,
      headers: who.headers,
      body: {
        requests: w.objects.map((o, i) => ({
          method: 'PUT',
          path: `/1.1/classes/${CLASS}/${o.id}`,
          body: { v: values[i] },
        })),
      },
    });
    check(r.status === 200 && Array.isArray(r.body), `batch as ${who.label}: status`, 200, r.text);
    const elements = r.body as Record<string, unknown>[];
    check(
      elements.length === w.objects.length,
      `batch as ${who.label}: one element per request`,
      w.objects.length,
      elements.length,
    );
    for (const [i, o] of w.objects.entries()) {
      const el = elements[i] ?? {};
      if (allows(o.acl, who, 'write')) {
        check('success' in el, `batch PUT ${o.id} as ${who.label}: writable, so success`, 'success', el);
        w.v.set(o.id, values[i] ?? 0);
      } else {
        const err = el.error as { code?: unknown } | undefined;
        check(
          typeof err?.code === 'number' && !('success' in el),
          `batch PUT ${o.id} as ${who.label}: not writable, so error`,
          'error',
          el,
        );
      }
    }
    await checkStored(w, s, `batch as ${who.label}`);
  }
}

async function checkDeletes(w: World, s: Scenario): Promise<void> {
  const check = checker(w, s);
  // Even deleter numbers delete with DELETE, odd ones inside one batch per principal.
  const batches = new Map<Principal, World['objects']>();
  for (const [i, o] of w.objects.entries()) {
    const n = s.deleters[i] ?? 0;
    const who = w.principals[n % w.principals.length];
    if (!who) continue;
    if (n % 2 === 1) {
      batches.set(who, [...(batches.get(who) ?? []), o]);
      continue;
    }
    const r = await t.request('DELETE', `/1.1/classes/${CLASS}/${o.id}`, {
      auth: who.auth,
      headers: who.headers,
    });
    if (allows(o.acl, who, 'write')) {
      seen.deletedOk++;
      check(
        r.status === 200 && JSON.stringify(r.body) === '{}',
        `DELETE ${o.id} as ${who.label}: writable`,
        '200 {}',
        `${r.status} ${r.text}`,
      );
      w.deleted.add(o.id);
    } else {
      seen.deleteRefused++;
      check(
        isClientError(r),
        `DELETE ${o.id} as ${who.label}: not writable, so a 4xx error`,
        '4xx',
        `${r.status} ${r.text}`,
      );
    }
  }
  for (const [who, list] of batches) {
    const r = await t.request('POST', '/1.1/batch', {
      auth: who.auth,
      headers: who.headers,
      body: { requests: list.map((o) => ({ method: 'DELETE', path: `/1.1/classes/${CLASS}/${o.id}` })) },
    });
    check(r.status === 200 && Array.isArray(r.body), `batch DELETE as ${who.label}: status`, 200, r.text);
    for (const [i, o] of list.entries()) {
      const el = ((r.body as unknown[])[i] ?? {}) as Record<string, unknown>;
      if (allows(o.acl, who, 'write')) {
        seen.deletedOk++;
        check('success' in el, `batch DELETE ${o.id} as ${who.label}: writable, so success`, 'success', el);
        w.deleted.add(o.id);
      } else {
        seen.deleteRefused++;
        check(
          typeof (el.error as { code?: unknown } | undefined)?.code === 'number',
          `batch DELETE ${o.id} as ${who.label}: not writable, so error`,
          'error',
          el,
        );
      }
    }
  }
  await checkStored(w, s, 'deletes');
  // With some objects gone, includes of pointers to them stay plain pointers for everyone.
  for (const who of w.principals) {
    const q = await t.request('GET', `/1.1/classes/${CLASS}`, {
      auth: who.auth,
      headers: who.headers,
      query: { where: { tag: w.tag }, include: 'ref.ref' },
    });
    const ids = ((q.json.results ?? []) as Record<string, unknown>[]).map((x) => String(x.objectId));
    const want = w.objects.filter((o) => !w.deleted.has(o.id) && allows(o.acl, who, 'read')).map((o) => o.id);
    check(
      q.status === 200 && sameSet(ids, want),
      `query after deletes as ${who.label}`,
      want.sort(),
      ids.sort(),
    );
    for (const x of (q.json.results ?? []) as Record<string, unknown>[])
      checkRef(w, who, x, check, `after deletes, as ${who.label}`, 2);
  }
}

async function checkScenario(s: Scenario): Promise<void> {
  const w = await build(s);
  await checkReads(w, s);
  await checkUpdates(w, s);
  // Reads again: the values changed, the permissions did not.
  await checkReads(w, s);
  await checkDeletes(w, s);
}

describe('ACLs and roles agree with an independent evaluator (Doc 1 ACL, Role)', () => {
  it('get, query, count, include, $inQuery, update, batch and delete honour ACLs for every principal', async () => {
    const seed = process.env.ACL_PROP_SEED ? Number(process.env.ACL_PROP_SEED) : undefined;
    await fc.assert(fc.asyncProperty(scenarioArb, checkScenario), {
      numRuns: Number(process.env.ACL_PROP_RUNS ?? 8),
      examples: [[fixedScenario]],
      ...(seed === undefined ? {} : { seed }),
    });
    expect(runCounter).toBeGreaterThan(1);
    // Every kind of case came up.
    for (const [kind, n] of Object.entries(seen)) expect(n, kind).toBeGreaterThan(0);
  }, 300_000);
});

describe('a batch sees the role changes of its own earlier operations (Doc 1 Batch: in order)', () => {
  /** A user, a role only that user may change, and an object only the role may read and write. */
  async function setup(name: string, member: boolean) {
    const u = await ok(
      t.request('POST', '/1.1/users', { body: { username: name, password: 'pw' } }),
      201,
      'register',
    );
    const uid = String(u.json.objectId);
    const headers = { 'X-LC-Session': String(u.json.sessionToken) };
    const users = member ? { users: relation('_User', [uid]) } : {};
    const role = await ok(
      t.request('POST', '/1.1/roles', {
        auth: 'master',
        body: { name: `Batch_${name}`, ACL: { '*': { read: true }, [uid]: { write: true } }, ...users },
      }),
      201,
      'create role',
    );
    const obj = await ok(
      t.request('POST', `/1.1/classes/BatchRoleDoc`, {
        auth: 'master',
        body: { x: 1, ACL: { [`role:Batch_${name}`]: { read: true, write: true } } },
      }),
      201,
      'create object',
    );
    return { uid, headers, roleId: String(role.json.objectId), objId: String(obj.json.objectId) };
  }

  it('joining a role, then reading what the role may read, in one batch', async () => {
    const { uid, headers, roleId, objId } = await setup(`joiner${Date.now()}`, false);
    const hidden = await t.request('GET', `/1.1/classes/BatchRoleDoc/${objId}`, { headers });
    expect(hidden.body).toEqual({});
    const r = await t.request('POST', '/1.1/batch', {
      headers,
      body: {
        requests: [
          { method: 'PUT', path: `/1.1/roles/${roleId}`, body: { users: relation('_User', [uid]) } },
          { method: 'GET', path: `/1.1/classes/BatchRoleDoc/${objId}` },
        ],
      },
    });
    expect(r.status).toBe(200);
    const [joined, read] = r.body as { success?: Record<string, unknown> | null }[];
    expect(joined).toHaveProperty('success.updatedAt');
    // Outside a batch the same two requests show the object; inside one they must too.
    const after = await t.request('GET', `/1.1/classes/BatchRoleDoc/${objId}`, { headers });
    expect(after.json).toMatchObject({ objectId: objId, x: 1 });
    expect(read?.success).toMatchObject({ objectId: objId, x: 1 });
  });

  it('leaving a role, then writing what only the role may write, in one batch, is refused', async () => {
    const { uid, headers, roleId, objId } = await setup(`leaver${Date.now()}`, true);
    const r = await t.request('POST', '/1.1/batch', {
      headers,
      body: {
        requests: [
          {
            method: 'PUT',
            path: `/1.1/roles/${roleId}`,
            body: {
              users: {
                __op: 'RemoveRelation',
                objects: [{ __type: 'Pointer', className: '_User', objectId: uid }],
              },
            },
          },
          { method: 'PUT', path: `/1.1/classes/BatchRoleDoc/${objId}`, body: { x: 2 } },
        ],
      },
    });
    expect(r.status).toBe(200);
    const [left, write] = r.body as Record<string, unknown>[];
    expect(left).toHaveProperty('success.updatedAt');
    const stored = await t.request('GET', `/1.1/classes/BatchRoleDoc/${objId}`, { auth: 'master' });
    expect(write).toHaveProperty('error.code');
    expect(stored.json.x).toBe(1);
  });
});
