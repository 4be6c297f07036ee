import { ISO_MS_UTC_RE } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const ENCODED = {
  when: { __type: 'Date', iso: '2020-02-29T12:34:56.789Z' },
  blob: { __type: 'Bytes', base64: 'aGVsbG8=' },
  ref: { __type: 'Pointer', className: 'Other', objectId: 'abc123' },
  file: { __type: 'File', id: 'f1' },
  place: { __type: 'GeoPoint', latitude: 39.9, longitude: 116.4 },
};

async function create(cls: string, body: Record<string, unknown>) {
  const r = await t.request('POST', `/1.1/classes/${cls}`, { body });
  expect(r.status).toBe(201);
  return String(r.json.objectId);
}

describe('objects: create, get, update, delete', () => {
  it('creates with 201, Location and ISO millisecond timestamps; get returns every field', async () => {
    const r = await t.request('POST', '/1.1/classes/Crud', {
      body: { s: 'x', n: 1.5, b: false, a: [1, 'two'], o: { k: { z: 1 } }, ...ENCODED },
    });
    expect(r.status).toBe(201);
    const id = String(r.json.objectId);
    expect(r.headers.get('location')).toBe(`${t.url}/1.1/classes/Crud/${id}`);
    expect(r.json.createdAt).toMatch(ISO_MS_UTC_RE);
    const got = await t.request('GET', `/1.1/classes/Crud/${id}`);
    expect(got.json).toMatchObject({
      objectId: id,
      s: 'x',
      n: 1.5,
      b: false,
      a: [1, 'two'],
      o: { k: { z: 1 } },
      ...ENCODED,
    });
    expect(got.json.updatedAt).toMatch(ISO_MS_UTC_RE);
  });

  it('normalizes Date values to milliseconds UTC', async () => {
    const id = await create('Dates', { d: { __type: 'Date', iso: '2021-03-04T05:06:07+08:00' } });
    expect((await t.request('GET', `/1.1/classes/Dates/${id}`)).json.d).toEqual({
      __type: 'Date',
      iso: '2021-03-03T21:06:07.000Z',
    });
  });

  it('ignores client objectId, createdAt and updatedAt', async () => {
    const id = await create('ReadOnly', { objectId: 'mine', createdAt: '2001-01-01T00:00:00.000Z', n: 1 });
    expect(id).not.toBe('mine');
    expect((await t.request('GET', `/1.1/classes/ReadOnly/${id}`)).json.createdAt).not.toBe(
      '2001-01-01T00:00:00.000Z',
    );
  });

  it('fetchWhenSave returns the whole object on create and the changed fields on update', async () => {
    const c = await t.request('POST', '/1.1/classes/Fws', {
      body: { a: 1, b: 2 },
      query: { fetchWhenSave: 'true' },
    });
    expect(c.json).toMatchObject({ a: 1, b: 2 });
    expect(c.json.updatedAt).toMatch(ISO_MS_UTC_RE);
    const u = await t.request('PUT', `/1.1/classes/Fws/${String(c.json.objectId)}`, {
      body: { a: { __op: 'Increment', amount: 5 } },
      query: { fetchWhenSave: 'true' },
    });
    expect(u.json.a).toBe(6);
    expect(u.json).not.toHaveProperty('b');
  });

  it('updates only the given fields, applies operations and removes fields with Delete', async () => {
    const id = await create('Upd', { keep: 'k', n: 10, tags: ['a'], gone: 1 });
    const r = await t.request('PUT', `/1.1/classes/Upd/${id}`, {
      body: {
        n: { __op: 'Decrement', amount: 3 },
        tags: { __op: 'AddUnique', objects: ['a', 'b'] },
        gone: { __op: 'Delete' },
        'o.deep': 1,
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.updatedAt).toMatch(ISO_MS_UTC_RE);
    const got = (await t.request('GET', `/1.1/classes/Upd/${id}`)).json;
    expect(got).toMatchObject({ keep: 'k', n: 7, tags: ['a', 'b'], o: { deep: 1 } });
    expect(got).not.toHaveProperty('gone');
  });

  it('conditional update and delete answer 305 when where does not match and change nothing', async () => {
    const id = await create('Cond', { balance: 100 });
    const no = await t.request('PUT', `/1.1/classes/Cond/${id}`, {
      body: { balance: 0 },
      query: { where: { balance: { $gt: 500 } } },
    });
    expect(no.status).toBe(400);
    expect(no.json).toEqual({ code: 305, error: 'No effect on updating/deleting a document.' });
    expect(
      (await t.request('DELETE', `/1.1/classes/Cond/${id}`, { query: { where: { balance: 1 } } })).json.code,
    ).toBe(305);
    expect((await t.request('GET', `/1.1/classes/Cond/${id}`)).json.balance).toBe(100);
    expect(
      (await t.request('DELETE', `/1.1/classes/Cond/${id}`, { query: { where: { balance: 100 } } })).json,
    ).toEqual({});
    expect((await t.request('GET', `/1.1/classes/Cond/${id}`)).json).toEqual({});
  });

  it('deletes 50 comma-joined ids in one DELETE path (longer than the router default of 100)', async () => {
    const ids = [];
    for (let n = 0; n < 50; n++) ids.push(await create('ManyGone', { n }));
    const kept = await create('ManyGone', { n: -1 });
    const del = await t.request('DELETE', `/1.1/classes/ManyGone/${ids.join(',')}`);
    expect([del.status, del.json]).toEqual([200, {}]);
    const left = await t.request('GET', '/1.1/classes/ManyGone');
    expect((left.json.results as { objectId: string }[]).map((o) => o.objectId)).toEqual([kept]);
  });

  it('answers 404/101 for an unknown class and 200 {} for an unknown id', async () => {
    const missing = await t.request('GET', '/1.1/classes/NeverMade/abc');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ code: 101, error: "Class or object doesn't exists." });
    await create('Known', { n: 1 });
    expect((await t.request('GET', '/1.1/classes/Known/000000000000000000000000')).json).toEqual({});
    expect(
      (await t.request('PUT', '/1.1/classes/Known/000000000000000000000000', { body: { n: 2 } })).status,
    ).toBe(404);
  });
});

describe('objects: validation', () => {
  it.each([
    ['a key with a hyphen', { 'bad-key': 1 }, 105],
    ['a key with a dollar', { bad$key: 1 }, 105],
    ['a nested key with a dot', { o: { 'a.b': 1 } }, 121],
    ['an unknown __type', { x: { __type: 'Money', amount: 1 } }, 111],
    ['a GeoPoint out of range', { p: { __type: 'GeoPoint', latitude: 91, longitude: 0 } }, 111],
    ['a malformed Pointer', { p: { __type: 'Pointer', className: 'X' } }, 106],
    ['a Date that is not ISO 8601', { d: { __type: 'Date', iso: 'yesterday' } }, 111],
    ['two GeoPoint fields', { p: ENCODED.place, q: ENCODED.place }, 111],
    ['an invalid ACL', { ACL: { '*': { read: 'yes' } } }, 123],
    ['an ACL key "role:" without a name', { ACL: { 'role:': { read: true } } }, 123],
  ])('refuses %s', async (_label, body, code) => {
    const r = await t.request('POST', '/1.1/classes/Invalid', { body });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe(code);
    expect(typeof r.json.error).toBe('string');
  });

  it("refuses a value whose type differs from the field's with LeanCloud's 111 message", async () => {
    await create('Typed', { n: 1 });
    const r = await t.request('POST', '/1.1/classes/Typed', { body: { n: 'one' } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      code: 111,
      error: `Invalid value type for field 'n',expect type is {:type "Number"},but it is '{:type "String"}'.`,
    });
    expect((await t.request('POST', '/1.1/classes/Typed', { body: { n: null } })).status).toBe(201);
  });

  it('reports field types through /1.1/schemas', async () => {
    await create('Schema', { s: 'a', n: 1, ...ENCODED, arr: [], obj: {} });
    const r = await t.request('GET', '/1.1/schemas/Schema', { auth: 'master' });
    expect(r.json).toEqual({
      Schema: {
        objectId: { type: 'String' },
        createdAt: { type: 'Date' },
        updatedAt: { type: 'Date' },
        ACL: { type: 'ACL' },
        s: { type: 'String' },
        n: { type: 'Number' },
        when: { type: 'Date' },
        blob: { type: 'Bytes' },
        ref: { type: 'Pointer', className: 'Other' },
        file: { type: 'File' },
        place: { type: 'GeoPoint' },
        arr: { type: 'Array' },
        obj: { type: 'Object' },
      },
    });
  });
});

describe('objects: ACL, keys and include on reads', () => {
  it('returns the ACL only with returnACL=true and the master key (app setting off)', async () => {
    const plain = await create('Acl', { n: 0 });
    expect(
      (await t.request('GET', `/1.1/classes/Acl/${plain}`, { auth: 'master', query: { returnACL: 'true' } }))
        .json.ACL,
    ).toEqual({ '*': { read: true, write: true } });
    const acl = { '*': { read: true }, role_x: { write: true } };
    const id = await create('Acl', {
      n: 1,
      ACL: { '*': { read: true, write: false }, role_x: { write: true } },
    });
    expect(
      (await t.request('GET', `/1.1/classes/Acl/${id}`, { query: { returnACL: 'true' } })).json,
    ).not.toHaveProperty('ACL');
    expect(
      (await t.request('GET', `/1.1/classes/Acl/${id}`, { auth: 'master', query: { returnACL: 'true' } }))
        .json.ACL,
    ).toEqual(acl);
  });

  it('keys selects, excludes and reaches into sub-objects', async () => {
    const id = await create('Keys', { a: 1, b: 2, o: { x: 1, y: 2 } });
    const only = (await t.request('GET', `/1.1/classes/Keys/${id}`, { query: { keys: 'a,o.x' } })).json;
    expect(only).toMatchObject({ a: 1, o: { x: 1 }, objectId: id });
    expect(only).not.toHaveProperty('b');
    expect(only.o).toEqual({ x: 1 });
    const without = (await t.request('GET', `/1.1/classes/Keys/${id}`, { query: { keys: '-b' } })).json;
    expect(without).toMatchObject({ a: 1, o: { x: 1, y: 2 } });
    expect(without).not.toHaveProperty('b');
  });

  it('include expands pointers two levels deep, in arrays too', async () => {
    const author = await create('Author', { name: 'Ann' });
    const post = await create('Post', {
      title: 'Hi',
      author: { __type: 'Pointer', className: 'Author', objectId: author },
    });
    const postPtr = { __type: 'Pointer', className: 'Post', objectId: post };
    const id = await create('Comment', { post: postPtr, related: [postPtr] });
    const got = (
      await t.request('GET', `/1.1/classes/Comment/${id}`, { query: { include: 'post.author,related' } })
    ).json;
    expect(got.post).toMatchObject({ __type: 'Pointer', className: 'Post', objectId: post, title: 'Hi' });
    expect((got.post as Record<string, unknown>).author).toMatchObject({ className: 'Author', name: 'Ann' });
    expect((got.related as unknown[])[0]).toMatchObject({ objectId: post, title: 'Hi' });
    const plain = (await t.request('GET', `/1.1/classes/Comment/${id}`)).json;
    expect(plain.post).toEqual(postPtr);
  });
});
