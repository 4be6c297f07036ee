import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../test/accounts';
import { expectHiddenRefused, inUsers, PROBE, startPrivacyWorld } from '../test/privacy-world';
import type { PrivacyWorld } from '../test/privacy-world';

// The fields of _User only the user and the master key see (authData, credentials): no query
// filters, sorts or selects on them without the master key, or a count answers guesses about them.

let w: PrivacyWorld;
beforeAll(async () => {
  w = await startPrivacyWorld();
});
afterAll(() => w.close());

describe('fields only the user and the master key see are never filtered, sorted or selected on', () => {
  it.each([
    ['authData', { 'authData.weixin.access_token': { $regex: '^S' } }],
    ['authData', { authData: { $exists: true } }],
    ['password', { password: { $exists: true } }],
    ['sessionToken', { sessionToken: { $gt: '' } }],
    ['salt', { $or: [{ salt: 'x' }, { username: 'y' }] }],
  ])('a where on %s of _User is refused, directly and in a sub-query', async (field, where) => {
    await w.withUserQueryOpen(async () => {
      expectHiddenRefused(await w.probeCount(inUsers(where)), field);
      const direct = await w.t.request('GET', '/1.1/classes/_User', {
        headers: session(w.victim),
        query: { where, count: '1', limit: '0' },
      });
      expectHiddenRefused(direct, field);
    });
  });

  it('$select / $dontSelect cannot pick authData of _User', async () => {
    await w.withUserQueryOpen(async () => {
      for (const op of ['$select', '$dontSelect']) {
        const where = {
          label: { [op]: { query: { className: '_User', where: {} }, key: 'authData.weixin.access_token' } },
        };
        expectHiddenRefused(await w.probeCount(where), 'authData');
      }
    });
  });

  it('order by authData of _User is refused', async () => {
    await w.withUserQueryOpen(async () => {
      for (const order of ['authData.weixin.access_token', '-authData', 'username,-password']) {
        const r = await w.t.request('GET', '/1.1/users', { query: { order, limit: '1' } });
        expectHiddenRefused(r, order.includes('password') ? 'password' : 'authData');
      }
    });
  });

  it('keys=authData leaves the hidden field out instead of answering it', async () => {
    await w.withUserQueryOpen(async () => {
      const r = await w.t.request('GET', '/1.1/users', {
        query: { where: { objectId: w.victim.objectId }, keys: 'authData,username' },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.json.results).toEqual([expect.not.objectContaining({ authData: expect.anything() })]);
      expect(r.text).not.toContain(w.victim.token);
    });
  });

  it('the master key may still filter and sort on them', async () => {
    const where = { 'authData.weixin.access_token': w.victim.token };
    const r = await w.t.request('GET', '/1.1/users', {
      auth: 'master',
      query: { where, order: '-authData.weixin.uid', count: '1', limit: '0' },
    });
    expect(r.json).toEqual({ results: [], count: 1 });
  });

  it('ordinary classes may have fields of the same names', async () => {
    await w.t.request('POST', `/1.1/classes/${PROBE}`, { body: { authData: { k: 'v' }, password: 'p' } });
    const r = await w.probeCount({ 'authData.k': 'v', password: 'p' });
    expect(r.json).toEqual({ results: [], count: 1 });
  });

  it('a where on a pointer field path does not reach the pointed-to user', async () => {
    const r = await w.probeCount({ 'u.authData.weixin.access_token': w.victim.token });
    expect(r.json).toEqual({ results: [], count: 0 });
  });
});
