import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { Reply, TestServer } from '../test/harness';
import { pointer, session, signUp, uniqueName } from '../test/accounts';
import type { TestUser } from '../test/accounts';

// The _User privacy attacks of the security review: sub-queries, $select, redirects and
// conditional writes that read _User (or its hidden fields) as an oracle, one request per guess.

let t: TestServer;
let victim: TestUser & { token: string; email: string };
let attacker: TestUser;
const PROBE = 'PrivProbe';

const settings = (patch: Record<string, boolean>) =>
  t.request('PUT', '/1.1/switchboard/settings', { auth: 'master', body: patch });

/** Runs `fn` with the _User query permission open, closing it again afterwards. */
async function withUserQueryOpen(fn: () => Promise<void>): Promise<void> {
  await settings({ userQueryOpen: true });
  try {
    await fn();
  } finally {
    await settings({ userQueryOpen: false });
  }
}

/** The count of Probe objects a where matches, as one guess of the attack reads it. */
const probeCount = (where: unknown, headers: Record<string, string> = {}, auth: 'app' | 'master' = 'app') =>
  t.request('GET', `/1.1/classes/${PROBE}`, { auth, headers, query: { where, count: '1', limit: '0' } });

const inUsers = (where: unknown) => ({ u: { $inQuery: { className: '_User', where } } });

function expectUserFindRefused(r: Reply): void {
  expect(r.status, r.text).toBe(403);
  expect(r.json).toEqual({ code: 403, error: "Forbidden to find by class '_User' permissions." });
}

function expectHiddenRefused(r: Reply, field: string): void {
  expect(r.status, r.text).toBe(403);
  expect(r.json.code).toBe(119);
  expect(String(r.json.error)).toContain(field);
}

beforeAll(async () => {
  t = await startTestServer();
  const token = `S${uniqueName('tok')}`;
  const linked = await t.request('POST', '/1.1/users', {
    body: { authData: { weixin: { uid: uniqueName('wx'), access_token: token } } },
  });
  expect(linked.status, linked.text).toBe(201);
  const email = `${uniqueName('v')}@example.com`;
  const v = {
    objectId: String(linked.json.objectId),
    username: String(linked.json.username),
    password: '',
    sessionToken: String(linked.json.sessionToken),
  };
  const put = await t.request('PUT', `/1.1/users/${v.objectId}`, {
    headers: session(v),
    body: { email, mobilePhoneNumber: '+8613900000077' },
  });
  expect(put.status, put.text).toBe(200);
  victim = { ...v, token, email };
  attacker = await signUp(t);
  const probe = await t.request('POST', `/1.1/classes/${PROBE}`, {
    body: { u: pointer('_User', victim.objectId), label: 'victim' },
  });
  expect(probe.status, probe.text).toBe(201);
});
afterAll(() => t.close());

describe('sub-queries on _User follow the closed _User query permission', () => {
  it('the master key recovers nothing it could not read: its guesses are answered', async () => {
    // The oracle the attack relies on, with the key that may use it.
    const hit = await probeCount(inUsers({ 'authData.weixin.access_token': { $regex: '^S' } }), {}, 'master');
    expect(hit.json).toEqual({ results: [], count: 1 });
  });

  it.each([
    ['authData regex', { 'authData.weixin.access_token': { $regex: '^S' } }],
    ['email regex', { email: { $regex: '^' } }],
    ['mobilePhoneNumber', { mobilePhoneNumber: '+8613900000077' }],
    ['no condition at all', {}],
  ])('$inQuery with %s is refused like a direct _User query', async (_what, where) => {
    expectUserFindRefused(await probeCount(inUsers(where)));
    expectUserFindRefused(await probeCount(inUsers(where), session(attacker)));
  });

  it('a user querying their own record through a sub-query is refused the same way', async () => {
    const own = await probeCount(inUsers({ objectId: victim.objectId }), session(victim));
    expectUserFindRefused(own);
  });

  it('$notInQuery, $select, $dontSelect and nesting in $or / $and are refused too', async () => {
    const sub = { className: '_User', where: { email: victim.email } };
    const wheres = [
      { u: { $notInQuery: sub } },
      { label: { $select: { query: sub, key: 'username' } } },
      { label: { $dontSelect: { query: sub, key: 'username' } } },
      { $or: [{ label: 'x' }, inUsers({ email: victim.email })] },
      { $and: [{ label: 'victim' }, { $or: [inUsers({ email: victim.email })] }] },
      inUsers({ objectId: { $in: [] }, x: { $inQuery: { className: '_User', where: {} } } }),
      { u: { $inQuery: { className: PROBE, where: inUsers({ email: victim.email }) } } },
    ];
    for (const where of wheres) expectUserFindRefused(await probeCount(where));
  });

  it('the same where in a batch GET element is refused', async () => {
    const r = await t.request('POST', '/1.1/batch', {
      body: {
        requests: [
          {
            method: 'GET',
            path: `/1.1/classes/${PROBE}`,
            params: { where: inUsers({ email: victim.email }), count: 1, limit: 0 },
          },
        ],
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual([
      { error: { code: 403, error: "Forbidden to find by class '_User' permissions." } },
    ]);
  });

  it('a conditional update whose where reads _User is refused before it tells anything', async () => {
    const own = await t.request('POST', `/1.1/classes/${PROBE}`, { body: { label: 'mine' } });
    const r = await t.request('PUT', `/1.1/classes/${PROBE}/${String(own.json.objectId)}`, {
      query: { where: { label: { $select: { query: { className: '_User', where: {} }, key: 'objectId' } } } },
      body: { n: 1 },
    });
    expectUserFindRefused(r);
  });

  it('a relation query redirected to _User (redirectClassNameForKey) is a _User query', async () => {
    const holder = await t.request('POST', `/1.1/classes/${PROBE}`, {
      body: { fans: { __op: 'AddRelation', objects: [pointer('_User', victim.objectId)] } },
    });
    const id = String(holder.json.objectId);
    const query = {
      redirectClassNameForKey: 'fans',
      where: { $relatedTo: { object: pointer(PROBE, id), key: 'fans' } },
    };
    expectUserFindRefused(await t.request('GET', `/1.1/classes/${PROBE}`, { query }));
    const master = await t.request('GET', `/1.1/classes/${PROBE}`, { auth: 'master', query });
    expect(master.json.className).toBe('_User');
    expect((master.json.results as { objectId: string }[]).map((u) => u.objectId)).toEqual([victim.objectId]);
  });

  it('when the setting opens _User queries, sub-queries on ordinary fields answer', async () => {
    await withUserQueryOpen(async () => {
      const r = await probeCount(inUsers({ email: victim.email }));
      expect(r.json).toEqual({ results: [], count: 1 });
    });
  });
});

describe('fields only the user and the master key see are never filtered, sorted or selected on', () => {
  it.each([
    ['authData', { 'authData.weixin.access_token': { $regex: '^S' } }],
    ['authData', { authData: { $exists: true } }],
    ['password', { password: { $exists: true } }],
    ['sessionToken', { sessionToken: { $gt: '' } }],
    ['salt', { $or: [{ salt: 'x' }, { username: 'y' }] }],
  ])('a where on %s of _User is refused, directly and in a sub-query', async (field, where) => {
    await withUserQueryOpen(async () => {
      expectHiddenRefused(await probeCount(inUsers(where)), field);
      const direct = await t.request('GET', '/1.1/classes/_User', {
        headers: session(victim),
        query: { where, count: '1', limit: '0' },
      });
      expectHiddenRefused(direct, field);
    });
  });

  it('$select / $dontSelect cannot pick authData of _User', async () => {
    await withUserQueryOpen(async () => {
      for (const op of ['$select', '$dontSelect']) {
        const where = {
          label: { [op]: { query: { className: '_User', where: {} }, key: 'authData.weixin.access_token' } },
        };
        expectHiddenRefused(await probeCount(where), 'authData');
      }
    });
  });

  it('order by authData of _User is refused', async () => {
    await withUserQueryOpen(async () => {
      for (const order of ['authData.weixin.access_token', '-authData', 'username,-password']) {
        const r = await t.request('GET', '/1.1/users', { query: { order, limit: '1' } });
        expectHiddenRefused(r, order.includes('password') ? 'password' : 'authData');
      }
    });
  });

  it('keys=authData leaves the hidden field out instead of answering it', async () => {
    await withUserQueryOpen(async () => {
      const r = await t.request('GET', '/1.1/users', {
        query: { where: { objectId: victim.objectId }, keys: 'authData,username' },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.json.results).toEqual([expect.not.objectContaining({ authData: expect.anything() })]);
      expect(r.text).not.toContain(victim.token);
    });
  });

  it('the master key may still filter and sort on them', async () => {
    const where = { 'authData.weixin.access_token': victim.token };
    const r = await t.request('GET', '/1.1/users', {
      auth: 'master',
      query: { where, order: '-authData.weixin.uid', count: '1', limit: '0' },
    });
    expect(r.json).toEqual({ results: [], count: 1 });
  });

  it('ordinary classes may have fields of the same names', async () => {
    await t.request('POST', `/1.1/classes/${PROBE}`, { body: { authData: { k: 'v' }, password: 'p' } });
    const r = await probeCount({ 'authData.k': 'v', password: 'p' });
    expect(r.json).toEqual({ results: [], count: 1 });
  });

  it('a where on a pointer field path does not reach the pointed-to user', async () => {
    const r = await probeCount({ 'u.authData.weixin.access_token': victim.token });
    expect(r.json).toEqual({ results: [], count: 0 });
  });
});

describe('include and $relatedTo read only what the caller may read', () => {
  it('include of a user pointer works with _User queries closed and carries no authData', async () => {
    for (const keys of [undefined, 'u.authData']) {
      const r = await t.request('GET', `/1.1/classes/${PROBE}`, {
        query: { where: { label: 'victim' }, include: 'u', ...(keys ? { keys } : {}) },
      });
      expect(r.status, r.text).toBe(200);
      const [row] = r.json.results as { u: Record<string, unknown> }[];
      if (!keys) expect(row?.u).toMatchObject({ __type: 'Pointer', username: victim.username });
      expect(row?.u).not.toHaveProperty('authData');
      expect(r.text).not.toContain(victim.token);
    }
  });

  it('$relatedTo on an object the caller may not read returns nothing', async () => {
    const owner = await signUp(t);
    const member = await t.request('POST', '/1.1/classes/PrivMember', { body: { name: 'm' } });
    const club = await t.request('POST', '/1.1/classes/PrivClub', {
      headers: session(owner),
      body: {
        ACL: { [owner.objectId]: { read: true, write: true } },
        members: { __op: 'AddRelation', objects: [pointer('PrivMember', String(member.json.objectId))] },
      },
    });
    expect(club.status, club.text).toBe(201);
    const where = { $relatedTo: { object: pointer('PrivClub', String(club.json.objectId)), key: 'members' } };
    const ask = (headers: Record<string, string>) =>
      t.request('GET', '/1.1/classes/PrivMember', { headers, query: { where, count: '1', limit: '0' } });
    expect((await ask(session(owner))).json).toEqual({ results: [], count: 1 });
    expect((await ask({})).json).toEqual({ results: [], count: 0 });
    expect((await ask(session(attacker))).json).toEqual({ results: [], count: 0 });
    const unknownClass = { $relatedTo: { object: pointer('PrivNoSuchClass', 'x'), key: 'members' } };
    const none = await t.request('GET', '/1.1/classes/PrivMember', { query: { where: unknownClass } });
    expect(none.json).toEqual({ results: [] });
  });
});
