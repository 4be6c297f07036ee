import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointer, session, signUp } from '../test/accounts';
import { expectUserFindRefused, inUsers, PROBE, startPrivacyWorld } from '../test/privacy-world';
import type { PrivacyWorld } from '../test/privacy-world';

// The _User privacy attacks of the security review: sub-queries, $select, redirected relation
// queries and conditional writes that read _User as an oracle, one request per guess; and the
// reads by id (include, $relatedTo) that follow the ACL of what they read.

let w: PrivacyWorld;
beforeAll(async () => {
  w = await startPrivacyWorld();
});
afterAll(() => w.close());

describe('sub-queries on _User follow the closed _User query permission', () => {
  it('with the master key the sub-query on authData answers: the oracle the attack needs', async () => {
    const hit = await w.probeCount(
      inUsers({ 'authData.weixin.access_token': { $regex: '^S' } }),
      {},
      'master',
    );
    expect(hit.json).toEqual({ results: [], count: 1 });
  });

  it.each([
    ['authData regex', { 'authData.weixin.access_token': { $regex: '^S' } }],
    ['email regex', { email: { $regex: '^' } }],
    ['mobilePhoneNumber', { mobilePhoneNumber: '+8613900000077' }],
    ['no condition at all', {}],
  ])('$inQuery with %s is refused like a direct _User query', async (_what, where) => {
    expectUserFindRefused(await w.probeCount(inUsers(where)));
    expectUserFindRefused(await w.probeCount(inUsers(where), session(w.attacker)));
  });

  it('a user querying their own record through a sub-query is refused the same way', async () => {
    const own = await w.probeCount(inUsers({ objectId: w.victim.objectId }), session(w.victim));
    expectUserFindRefused(own);
  });

  it('$notInQuery, $select, $dontSelect and nesting in $or / $and are refused too', async () => {
    const sub = { className: '_User', where: { email: w.victim.email } };
    const wheres = [
      { u: { $notInQuery: sub } },
      { label: { $select: { query: sub, key: 'username' } } },
      { label: { $dontSelect: { query: sub, key: 'username' } } },
      { $or: [{ label: 'x' }, inUsers({ email: w.victim.email })] },
      { $and: [{ label: 'victim' }, { $or: [inUsers({ email: w.victim.email })] }] },
      inUsers({ objectId: { $in: [] }, x: { $inQuery: { className: '_User', where: {} } } }),
      { u: { $inQuery: { className: PROBE, where: inUsers({ email: w.victim.email }) } } },
    ];
    for (const where of wheres) expectUserFindRefused(await w.probeCount(where));
  });

  it('the same where in a batch GET element is refused', async () => {
    const r = await w.t.request('POST', '/1.1/batch', {
      body: {
        requests: [
          {
            method: 'GET',
            path: `/1.1/classes/${PROBE}`,
            params: { where: inUsers({ email: w.victim.email }), count: 1, limit: 0 },
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
    const own = await w.t.request('POST', `/1.1/classes/${PROBE}`, { body: { label: 'mine' } });
    const r = await w.t.request('PUT', `/1.1/classes/${PROBE}/${String(own.json.objectId)}`, {
      query: { where: { label: { $select: { query: { className: '_User', where: {} }, key: 'objectId' } } } },
      body: { n: 1 },
    });
    expectUserFindRefused(r);
  });

  it('a relation query redirected to _User (redirectClassNameForKey) is a _User query', async () => {
    const holder = await w.t.request('POST', `/1.1/classes/${PROBE}`, {
      body: { fans: { __op: 'AddRelation', objects: [pointer('_User', w.victim.objectId)] } },
    });
    const id = String(holder.json.objectId);
    const query = {
      redirectClassNameForKey: 'fans',
      where: { $relatedTo: { object: pointer(PROBE, id), key: 'fans' } },
    };
    expectUserFindRefused(await w.t.request('GET', `/1.1/classes/${PROBE}`, { query }));
    const master = await w.t.request('GET', `/1.1/classes/${PROBE}`, { auth: 'master', query });
    expect(master.json.className).toBe('_User');
    expect((master.json.results as { objectId: string }[]).map((u) => u.objectId)).toEqual([
      w.victim.objectId,
    ]);
  });

  it('when the setting opens _User queries, sub-queries on ordinary fields answer', async () => {
    await w.withUserQueryOpen(async () => {
      const r = await w.probeCount(inUsers({ email: w.victim.email }));
      expect(r.json).toEqual({ results: [], count: 1 });
    });
  });
});

describe('include and $relatedTo read only what the caller may read', () => {
  it('include of a user pointer works with _User queries closed and carries no authData', async () => {
    for (const keys of [undefined, 'u.authData']) {
      const r = await w.t.request('GET', `/1.1/classes/${PROBE}`, {
        query: { where: { label: 'victim' }, include: 'u', ...(keys ? { keys } : {}) },
      });
      expect(r.status, r.text).toBe(200);
      const [row] = r.json.results as { u: Record<string, unknown> }[];
      if (!keys) expect(row?.u).toMatchObject({ __type: 'Pointer', username: w.victim.username });
      expect(row?.u).not.toHaveProperty('authData');
      expect(r.text).not.toContain(w.victim.token);
    }
  });

  it('$relatedTo on an object the caller may not read returns nothing', async () => {
    const owner = await signUp(w.t);
    const member = await w.t.request('POST', '/1.1/classes/PrivMember', { body: { name: 'm' } });
    const club = await w.t.request('POST', '/1.1/classes/PrivClub', {
      headers: session(owner),
      body: {
        ACL: { [owner.objectId]: { read: true, write: true } },
        members: { __op: 'AddRelation', objects: [pointer('PrivMember', String(member.json.objectId))] },
      },
    });
    expect(club.status, club.text).toBe(201);
    const where = { $relatedTo: { object: pointer('PrivClub', String(club.json.objectId)), key: 'members' } };
    const ask = (headers: Record<string, string>) =>
      w.t.request('GET', '/1.1/classes/PrivMember', { headers, query: { where, count: '1', limit: '0' } });
    expect((await ask(session(owner))).json).toEqual({ results: [], count: 1 });
    expect((await ask({})).json).toEqual({ results: [], count: 0 });
    expect((await ask(session(w.attacker))).json).toEqual({ results: [], count: 0 });
    const unknownClass = { $relatedTo: { object: pointer('PrivNoSuchClass', 'x'), key: 'members' } };
    const none = await w.t.request('GET', '/1.1/classes/PrivMember', { query: { where: unknownClass } });
    expect(none.json).toEqual({ results: [] });
  });
});
