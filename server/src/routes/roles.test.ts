import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { pointer, session, signUp, uniqueName } from '../test/accounts';
import type { TestUser } from '../test/accounts';

let t: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
beforeAll(async () => {
  t = await startTestServer();
  [owner, member, outsider] = [await signUp(t), await signUp(t), await signUp(t)];
});
afterAll(() => t.close());

const acl = () => ({ '*': { read: true }, [owner.objectId]: { read: true, write: true } });

async function role(fields: Record<string, unknown>): Promise<string> {
  const r = await t.request('POST', '/1.1/roles', {
    headers: session(owner),
    body: { ACL: acl(), ...fields },
  });
  expect(r.status, r.text).toBe(201);
  return String(r.json.objectId);
}

const users = (...us: TestUser[]) => ({
  __op: 'AddRelation',
  objects: us.map((u) => pointer('_User', u.objectId)),
});
const roles = (...ids: string[]) => ({ __op: 'AddRelation', objects: ids.map((id) => pointer('_Role', id)) });

describe('role rules', () => {
  it('refuses bad names, a missing ACL, duplicates and renames', async () => {
    const name = uniqueName('r');
    const id = await role({ name });
    const cases: [Record<string, unknown>, number][] = [
      [{ name: 'has space', ACL: acl() }, 139],
      [{ ACL: acl() }, 139],
      [{ name: uniqueName('noacl') }, 123],
      [{ name, ACL: acl() }, 137],
      [{ name: uniqueName('r'), ACL: acl(), users: roles(id) }, 128],
    ];
    for (const [body, code] of cases) {
      const r = await t.request('POST', '/1.1/roles', { headers: session(owner), body });
      expect([r.status, r.json.code], JSON.stringify(body)).toEqual([400, code]);
    }
    const rename = await t.request('PUT', `/1.1/roles/${id}`, {
      auth: 'master',
      body: { name: uniqueName('x') },
    });
    expect(rename.json.code).toBe(139);
    const same = await t.request('PUT', `/1.1/classes/_Role/${id}`, {
      auth: 'master',
      body: { name, note: 'ok' },
    });
    expect(same.status, same.text).toBe(200);
  });

  it('a cycle of roles is safe: both roles apply to a member of either', async () => {
    const a = uniqueName('a');
    const b = uniqueName('b');
    const aId = await role({ name: a, users: users(member) });
    const bId = await role({ name: b, roles: roles(aId) });
    const r = await t.request('PUT', `/1.1/roles/${aId}`, {
      headers: session(owner),
      body: { roles: roles(bId) },
    });
    expect(r.status, r.text).toBe(200);
    const obj = await t.request('POST', '/1.1/classes/Cyc', {
      auth: 'master',
      body: { v: 1, ACL: { [`role:${b}`]: { read: true } } },
    });
    const id = String(obj.json.objectId);
    expect((await t.request('GET', `/1.1/classes/Cyc/${id}`, { headers: session(member) })).json.v).toBe(1);
    expect((await t.request('GET', `/1.1/classes/Cyc/${id}`, { headers: session(outsider) })).json).toEqual(
      {},
    );
  });

  it('a deleted role leaves the roles that contained it', async () => {
    const child = await role({ name: uniqueName('c') });
    const parent = await role({ name: uniqueName('p'), roles: roles(child) });
    expect((await t.request('DELETE', `/1.1/roles/${child}`, { headers: session(owner) })).status).toBe(200);
    const left = await t.server.sql.query('SELECT 1 FROM lc_relations WHERE owner_id = $1', [parent]);
    expect(left).toEqual([]);
  });
});

describe('ACL on every path', () => {
  let hidden: string;
  let holder: string;
  beforeAll(async () => {
    const h = await t.request('POST', '/1.1/classes/Secret', {
      auth: 'master',
      body: { word: 'swordfish', ACL: { [owner.objectId]: { read: true, write: true } } },
    });
    hidden = String(h.json.objectId);
    const p = await t.request('POST', '/1.1/classes/Holder', {
      auth: 'master',
      body: { secret: pointer('Secret', hidden), list: [pointer('Secret', hidden)], tag: 'swordfish' },
    });
    holder = String(p.json.objectId);
  });

  it('include leaves an unreadable target a plain pointer', async () => {
    for (const [who, expanded] of [
      [outsider, false],
      [owner, true],
    ] as const) {
      const r = await t.request('GET', `/1.1/classes/Holder/${holder}`, {
        headers: session(who),
        query: { include: 'secret,list' },
      });
      const secret = r.json.secret as Record<string, unknown>;
      const first = (r.json.list as Record<string, unknown>[])[0];
      expect(secret.word === 'swordfish', who.username).toBe(expanded);
      expect(first?.word === 'swordfish').toBe(expanded);
    }
  });

  it('$inQuery and $select see only readable rows', async () => {
    for (const [who, n] of [
      [outsider, 0],
      [owner, 1],
    ] as const) {
      const inQuery = await t.request('GET', '/1.1/classes/Holder', {
        headers: session(who),
        query: { where: { secret: { $inQuery: { where: { word: 'swordfish' }, className: 'Secret' } } } },
      });
      expect((inQuery.json.results as unknown[]).length).toBe(n);
      const select = await t.request('GET', '/1.1/classes/Holder', {
        headers: session(who),
        query: { where: { tag: { $select: { query: { className: 'Secret', where: {} }, key: 'word' } } } },
      });
      expect((select.json.results as unknown[]).length, select.text).toBe(n);
    }
  });

  it('an unwritable object answers 403 before its condition is considered, and stays unchanged', async () => {
    const r = await t.request('PUT', `/1.1/classes/Secret/${hidden}`, {
      headers: session(outsider),
      query: { where: { word: 'nope' } },
      body: { word: 'changed' },
    });
    expect([r.status, r.json.code]).toEqual([403, 403]);
    const del = await t.request('DELETE', `/1.1/classes/Secret/${hidden}`, { headers: session(outsider) });
    expect(del.status).toBe(403);
    expect((await t.request('GET', `/1.1/classes/Secret/${hidden}`, { auth: 'master' })).json.word).toBe(
      'swordfish',
    );
  });

  it('every batch element is checked on its own', async () => {
    const open = await t.request('POST', '/1.1/classes/Secret', { body: { word: 'public' } });
    const r = await t.request('POST', '/1.1/batch', {
      headers: session(outsider),
      body: {
        requests: [
          { method: 'PUT', path: `/1.1/classes/Secret/${String(open.json.objectId)}`, body: { n: 1 } },
          { method: 'PUT', path: `/1.1/classes/Secret/${hidden}`, body: { n: 1 } },
          { method: 'DELETE', path: `/1.1/classes/Secret/${hidden}` },
          { method: 'GET', path: `/1.1/classes/Secret/${hidden}` },
        ],
      },
    });
    const out = r.body as Record<string, Record<string, unknown>>[];
    expect(out[0]).toHaveProperty('success');
    expect(out[1]?.error?.code).toBe(403);
    expect(out[2]?.error?.code).toBe(403);
    // Inside a batch an unreadable (or missing) object is null, as LeanCloud answers there.
    expect(out[3]?.success).toBeNull();
    expect((await t.request('GET', `/1.1/classes/Secret/${hidden}`, { auth: 'master' })).json.word).toBe(
      'swordfish',
    );
  });

  it('count, query and returnACL agree with the reader', async () => {
    const q = { where: { word: 'swordfish' }, count: '1', returnACL: 'true' };
    const outside = await t.request('GET', '/1.1/classes/Secret', { headers: session(outsider), query: q });
    expect([outside.json.count, (outside.json.results as unknown[]).length]).toEqual([0, 0]);
    const own = await t.request('GET', '/1.1/classes/Secret', { headers: session(owner), query: q });
    expect(own.json.count).toBe(1);
  });
});
