import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leancloudHash } from '../services/users/legacy-hash';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const importInto = (className: string, body: unknown, auth: 'master' | 'app' = 'master') =>
  t.request('POST', `/1.1/switchboard/import/${className}`, { auth, body });
const login = (username: string, password: string) =>
  t.request('POST', '/1.1/login', { body: { username, password } });
const storedHash = async (id: string) =>
  (
    await t.server.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM lc_user_auth WHERE user_id = $1',
      [id],
    )
  )[0]?.password_hash;

const exportedUser = (id: string, username: string, password: string) => {
  const salt = `salt-${id}`;
  return {
    objectId: id,
    username,
    salt,
    password: leancloudHash(salt, password),
    createdAt: '2020-01-02T03:04:05.678Z',
    updatedAt: '2021-01-02T03:04:05.678Z',
    ACL: { [id]: { read: true, write: true } },
  };
};

describe('POST /1.1/switchboard/import/:className', () => {
  it('needs the master key and a valid body', async () => {
    expect((await importInto('Thing', { objects: [] }, 'app')).status).toBe(403);
    const bad = await importInto('Thing', { objects: 'nope' });
    expect(bad.status).toBe(400);
    expect(typeof bad.json.error).toBe('string');
    expect((await importInto('1bad', { objects: [] })).status).toBe(400);
  });

  it('keeps ids, times, ACLs and every type, and a second run writes nothing', async () => {
    const obj = {
      objectId: 'aaaaaaaaaaaaaaaaaaaaaaa1',
      createdAt: '2019-05-06T07:08:09.123Z',
      updatedAt: { __type: 'Date', iso: '2019-06-06T07:08:09.123Z' },
      ACL: { '*': { read: true } },
      title: 'hello',
      n: 3.5,
      when: { __type: 'Date', iso: '2018-01-01T00:00:00.000Z' },
      owner: { __type: 'Pointer', className: '_User', objectId: 'u1' },
      where: { __type: 'GeoPoint', latitude: 30, longitude: 120 },
      raw: { __type: 'Bytes', base64: 'aGVsbG8=' },
      tags: ['a', 'b'],
      likes: { __type: 'Relation', className: '_User' },
    };
    const first = await importInto('ImpAll', {
      objects: [obj, { objectId: 'x' }, { nope: 1 }],
      relations: [{ field: 'likes', owningId: obj.objectId, relatedClass: '_User', relatedId: 'u1' }],
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ written: 2, skipped: 0, relationsAdded: 1 });
    expect(first.json.failed).toEqual([expect.objectContaining({ index: 2, code: 104 })]);
    const back = await t.request('GET', `/1.1/classes/ImpAll/${obj.objectId}`, { auth: 'master' });
    expect(back.json).toMatchObject({
      objectId: obj.objectId,
      createdAt: obj.createdAt,
      updatedAt: '2019-06-06T07:08:09.123Z',
      title: 'hello',
      where: { __type: 'GeoPoint', latitude: 30, longitude: 120 },
      raw: { __type: 'Bytes', base64: 'aGVsbG8=' },
      likes: { __type: 'Relation', className: '_User' },
    });
    const again = await importInto('ImpAll', { objects: [obj] });
    expect(again.json).toMatchObject({ written: 0, skipped: 1, failed: [] });
    const newer = await importInto('ImpAll', {
      objects: [{ ...obj, title: 'newer', updatedAt: '2019-07-01T00:00:00.000Z' }],
    });
    expect(newer.json).toMatchObject({ written: 1, skipped: 0 });
  });

  it('checks each object like a save does, failing only the bad ones, with the reason', async () => {
    const ok = { objectId: 'chk0', createdAt: '2019-05-06T07:08:09Z', n: 1 };
    const r = await importInto('ImpCheck', {
      objects: [
        ok,
        { objectId: 'chk1', 'bad key': 1 },
        { objectId: 'chk2', meta: { a$b: 1 } },
        {
          objectId: 'chk3',
          a: { __type: 'GeoPoint', latitude: 1, longitude: 2 },
          b: { __type: 'GeoPoint', latitude: 3, longitude: 4 },
        },
        { objectId: 'chk4', createdAt: '0000-01-01T00:00:00.000Z' },
        { objectId: 'chk5', when: { __type: 'Date', iso: 'soon' } },
        { objectId: 'chk6', count: { __op: 'Increment', amount: 2 }, 'deep.x': 1 },
      ],
    });
    expect(r.json).toMatchObject({ written: 2, skipped: 0 });
    expect(r.json.failed).toEqual([
      expect.objectContaining({ index: 1, objectId: 'chk1', code: 105 }),
      expect.objectContaining({ index: 2, objectId: 'chk2', code: 121 }),
      expect.objectContaining({ index: 3, objectId: 'chk3', error: expect.stringContaining('a, b') }),
      expect.objectContaining({ index: 4, objectId: 'chk4', code: 111 }),
      expect.objectContaining({ index: 5, objectId: 'chk5', code: 111 }),
    ]);
    const back = await t.request('GET', '/1.1/classes/ImpCheck/chk0', { auth: 'master' });
    expect(back.json).toMatchObject({ createdAt: '2019-05-06T07:08:09.000Z', n: 1 });
    // Operations and dotted keys are applied as a save would apply them to an empty object.
    const six = await t.request('GET', '/1.1/classes/ImpCheck/chk6', { auth: 'master' });
    expect(six.json).toMatchObject({ count: 2, deep: { x: 1 } });
  });

  it('inserts new ids and upserts known ones in the same batch, newer updatedAt winning', async () => {
    const at = (day: number) => `2020-01-0${day}T00:00:00.000Z`;
    const obj = (id: string, day: number, v: string) => ({ objectId: id, updatedAt: at(day), v });
    await importInto('ImpMix', { objects: [obj('m1', 2, 'old'), obj('m2', 5, 'kept'), obj('m3', 1, 'x')] });
    const r = await importInto('ImpMix', {
      objects: [
        obj('m1', 3, 'newer'),
        obj('m2', 4, 'older'),
        obj('m4', 1, 'new'),
        { objectId: 'm3', v: 'undated' },
        obj('m5', 1, 'first'),
        obj('m5', 2, 'second'),
      ],
    });
    expect(r.json).toMatchObject({ written: 3, skipped: 3, failed: [] });
    const rows = await t.server.sql.query<{ id: string; v: string }>(
      `SELECT id, data->>'v' AS v FROM "o_ImpMix" ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 'm1', v: 'newer' },
      { id: 'm2', v: 'kept' },
      { id: 'm3', v: 'x' },
      { id: 'm4', v: 'new' },
      { id: 'm5', v: 'second' },
    ]);
  });

  it('reports a taken username for that user only', async () => {
    const r = await importInto('_User', {
      objects: [exportedUser('dup1', 'same-name', 'pw'), exportedUser('dup2', 'same-name', 'pw')],
    });
    expect(r.json.written).toBe(1);
    expect(r.json.failed).toEqual([expect.objectContaining({ objectId: 'dup2', code: 137 })]);
  });
});

describe('users imported with a LeanCloud password hash', () => {
  it('log in with the old password, after which the hash is argon2id', async () => {
    await importInto('_User', { objects: [exportedUser('legacy1', 'legacy-one', 'old secret')] });
    expect(await storedHash('legacy1')).toMatch(/^lcsha512\$512\$/);
    const ok = await login('legacy-one', 'old secret');
    expect(ok.status).toBe(200);
    expect(ok.json.objectId).toBe('legacy1');
    expect(await storedHash('legacy1')).toMatch(/^\$argon2id\$/);
    expect((await login('legacy-one', 'old secret')).status).toBe(200);
  });

  it('are refused a wrong password, which counts towards the lock', async () => {
    await importInto('_User', { objects: [exportedUser('legacy2', 'legacy-two', 'right')] });
    for (let i = 0; i < 6; i++) expect((await login('legacy-two', 'wrong')).json.code).toBe(210);
    expect((await login('legacy-two', 'wrong')).json.code).toBe(219);
    expect((await login('legacy-two', 'right')).json.code).toBe(219);
    expect(await storedHash('legacy2')).toMatch(/^lcsha512\$/);
  });
});

describe('objects imported without an ACL', () => {
  it('are stored with no ACL (public), not a JSON null', async () => {
    await importInto('NoAcl', { objects: [{ objectId: 'n1', a: 1 }] });
    const rows = await t.server.sql.query<{ none: boolean }>('SELECT acl IS NULL AS none FROM "o_NoAcl"');
    expect(rows).toEqual([{ none: true }]);
    expect((await t.request('GET', '/1.1/classes/NoAcl/n1')).json.a).toBe(1);
  });
});

describe('objects exported without updatedAt', () => {
  it('are inserted once and never replace what is there', async () => {
    const first = await importInto('Undated', { objects: [{ objectId: 'd1', v: 1 }] });
    expect(first.json).toMatchObject({ written: 1, skipped: 0 });
    const again = await importInto('Undated', { objects: [{ objectId: 'd1', v: 2 }] });
    expect(again.json).toMatchObject({ written: 0, skipped: 1 });
    expect((await t.request('GET', '/1.1/classes/Undated/d1')).json.v).toBe(1);
  });
});

describe('POST /1.1/switchboard/import/_File/:objectId/content', () => {
  const content = (id: string, body: unknown, auth: 'master' | 'app' = 'master') =>
    t.request('POST', `/1.1/switchboard/import/_File/${id}/content`, { auth, body });

  it('stores the content of an imported record, which then points at this server', async () => {
    await importInto('_File', {
      objects: [
        {
          objectId: 'file1',
          name: 'a.txt',
          key: 'old/a.txt',
          url: 'https://old.example.com/old/a.txt',
          mime_type: 'text/plain',
          metaData: { owner: 'unknown' },
          createdAt: '2020-01-01T00:00:00.000Z',
          updatedAt: '2020-01-02T00:00:00.000Z',
        },
      ],
    });
    const res = await content('file1', { base64: Buffer.from('abc').toString('base64') });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ objectId: 'file1', size: 3, url: `${t.url}/files/old/a.txt` });
    const record = (await t.request('GET', '/1.1/files/file1', { auth: 'master' })).json;
    expect(record).toMatchObject({
      url: `${t.url}/files/old/a.txt`,
      metaData: { owner: 'unknown', size: 3 },
      updatedAt: '2020-01-02T00:00:00.000Z',
    });
    expect(await (await fetch(`${t.url}/files/old/a.txt`)).text()).toBe('abc');
  });

  it('answers 4xx for a missing record, bad base64, and without the master key', async () => {
    const base64 = Buffer.from('x').toString('base64');
    expect((await content('file1', { base64 }, 'app')).status).toBe(403);
    const missing = await content('nofile', { base64 });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatch(/import it first/);
    const bad = await content('file1', { base64: 'not base64!' });
    expect(bad.status).toBe(400);
    expect((await content('file1', 'text')).status).toBe(400);
  });
});
