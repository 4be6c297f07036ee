// The real `leancloud-storage` SDK as a client: saving and fetching, and the SDK errors for an
// unknown class and an unknown id.
// Every request goes through the SDK's own transport; `sdk().requests` records what it sent.
import { describe, expect, it } from 'vitest';
import { create, fresh, only, useSdkServer } from './helpers';
import { AV, matching, rejection } from './setup';

const { sdk, sent } = useSdkServer();

describe('save and fetch', () => {
  it('signs every request with X-LC-Sign (app key), as the SDK does by default', async () => {
    const reqs = await sent(() => create('SdkGame', { signed: true }));
    const req = only(reqs);
    expect(req.status).toBe(201);
    expect(req.headers['X-LC-Id']).toBe('test-app-id');
    expect(req.headers['X-LC-Sign']).toMatch(/^[0-9a-f]{32},\d{13}$/);
    expect(req.headers['X-LC-Key']).toBeUndefined();
    // serverURL disables the app router: nothing goes to a LeanCloud host.
    expect(new Set(sdk().requests.map((r) => r.origin))).toEqual(new Set([sdk().t.url]));
  });

  it('creates an object with every encoded type and fetches it back', async () => {
    const company = await create('SdkCompany', { name: 'LeanCo' });
    const born = new Date('2001-02-03T04:05:06.789Z');
    const game = new AV.Object('SdkGame');
    game.set({
      title: 'chess',
      score: 42,
      ratio: 0.5,
      cheat: false,
      tags: ['a', 'b'],
      meta: { level: 3, nested: { x: 'y' } },
      born,
      loc: new AV.GeoPoint(39.9, 116.4),
      maker: company,
      nothing: null,
    });
    const req = only(await sent(() => game.save()));
    expect(req).toMatchObject({ method: 'POST', path: '/1.1/classes/SdkGame', status: 201 });
    expect(req.body).toMatchObject({
      born: { __type: 'Date', iso: '2001-02-03T04:05:06.789Z' },
      loc: { __type: 'GeoPoint', latitude: 39.9, longitude: 116.4 },
      maker: { __type: 'Pointer', className: 'SdkCompany', objectId: company.id },
    });
    expect(Object.keys(req.response as object).sort()).toEqual(['createdAt', 'objectId']);
    expect(game.id).toMatch(/^\w+$/);
    expect(game.createdAt).toBeInstanceOf(Date);

    const copy = AV.Object.createWithoutData('SdkGame', game.id!);
    const get = only(await sent(() => copy.fetch()));
    expect(get).toMatchObject({ method: 'GET', path: `/1.1/classes/SdkGame/${game.id}`, status: 200 });
    expect(copy.get('title')).toBe('chess');
    expect(copy.get('score')).toBe(42);
    expect(copy.get('ratio')).toBe(0.5);
    expect(copy.get('cheat')).toBe(false);
    expect(copy.get('tags')).toEqual(['a', 'b']);
    expect(copy.get('meta')).toEqual({ level: 3, nested: { x: 'y' } });
    expect(copy.get('born')).toEqual(born);
    const loc = copy.get('loc') as AV.GeoPoint;
    expect(loc).toBeInstanceOf(AV.GeoPoint);
    expect([loc.latitude, loc.longitude]).toEqual([39.9, 116.4]);
    const maker = copy.get('maker') as AV.Object;
    expect(maker).toBeInstanceOf(AV.Object);
    expect([maker.className, maker.id]).toEqual(['SdkCompany', company.id]);
    expect(copy.get('nothing')).toBeNull();
    expect(copy.createdAt?.getTime()).toBe(game.createdAt?.getTime());
    expect(copy.updatedAt?.getTime()).toBe(game.createdAt?.getTime());
  });

  it('updates only the changed fields with PUT', async () => {
    const o = await create('SdkGame', { title: 'go', score: 1, keep: 'me' });
    const createdAt = o.createdAt!;
    o.set('score', 2);
    const req = only(await sent(() => o.save()));
    expect(req).toMatchObject({ method: 'PUT', path: `/1.1/classes/SdkGame/${o.id}`, status: 200 });
    expect(req.body).toEqual({ score: 2 });
    expect(req.response).toMatchObject({ updatedAt: expect.any(String) });
    expect(o.updatedAt!.getTime()).toBeGreaterThanOrEqual(createdAt.getTime());

    const copy = await fresh('SdkGame', o.id);
    expect([copy.get('title'), copy.get('score'), copy.get('keep')]).toEqual(['go', 2, 'me']);
    expect(copy.updatedAt?.getTime()).toBe(o.updatedAt?.getTime());
  });

  it('saves unsaved pointed-to objects first (deep save through batch)', async () => {
    const company = new AV.Object('SdkCompany');
    company.set('name', 'Deep Inc');
    const person = new AV.Object('SdkPerson');
    person.set({ name: 'Dee', employer: company });
    const post = new AV.Object('SdkPost');
    post.set({ title: 'deep', author: person });
    const reqs = await sent(() => post.save());
    expect(matching(reqs, 'POST', '/1.1/batch').length).toBeGreaterThanOrEqual(1);
    expect([company.id, person.id, post.id].every((id) => typeof id === 'string')).toBe(true);

    const copy = AV.Object.createWithoutData('SdkPost', post.id!);
    await copy.fetch({ include: ['author.employer'] });
    const author = copy.get('author') as AV.Object;
    expect(author.id).toBe(person.id);
    expect((author.get('employer') as AV.Object).get('name')).toBe('Deep Inc');
  });

  it('fetch with include expands pointers, dotted for depth; keys selects fields', async () => {
    const company = await create('SdkCompany', { name: 'Acme' });
    const person = await create('SdkPerson', { name: 'Ann', employer: company });
    const post = await create('SdkPost', { title: 'hello', body: 'text', author: person });

    const expanded = AV.Object.createWithoutData('SdkPost', post.id!);
    const req = only(await sent(() => expanded.fetch({ include: ['author', 'author.employer'] })));
    expect(req.query).toEqual({ include: 'author,author.employer' });
    const author = expanded.get('author') as AV.Object;
    expect([author.className, author.id, author.get('name')]).toEqual(['SdkPerson', person.id, 'Ann']);
    const employer = author.get('employer') as AV.Object;
    expect([employer.id, employer.get('name')]).toEqual([company.id, 'Acme']);
    expect((req.response as { author: unknown }).author).toMatchObject({
      __type: 'Pointer',
      className: 'SdkPerson',
      objectId: person.id,
      name: 'Ann',
    });

    const plain = await fresh('SdkPost', post.id);
    const pointer = plain.get('author') as AV.Object;
    expect(pointer.id).toBe(person.id);
    expect(pointer.get('name')).toBeUndefined();

    const partial = AV.Object.createWithoutData('SdkPost', post.id!);
    const keysReq = only(await sent(() => partial.fetch({ keys: ['title'] })));
    expect(keysReq.query).toEqual({ keys: 'title' });
    expect(partial.get('title')).toBe('hello');
    expect(partial.has('body')).toBe(false);
    expect(partial.has('author')).toBe(false);
  });
});

describe('errors', () => {
  it('fetching from a class that does not exist rejects with 101 (HTTP 404)', async () => {
    const ghost = AV.Object.createWithoutData('SdkNoSuchClass', '5d8308029c9235000886c4cf');
    const mark = sdk().requests.length;
    const err = await rejection(ghost.fetch());
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(101);
    const req = only(sdk().since(mark));
    expect(req.status).toBe(404);
    expect(req.response).toMatchObject({ code: 101, error: expect.any(String) });
  });

  it('an unknown id in an existing class answers {}: fetch leaves the object empty, query.get rejects 101', async () => {
    await create('SdkGame', { name: 'exists' });
    const ghost = AV.Object.createWithoutData('SdkGame', '5d8308029c9235000886c4cf');
    const req = only(await sent(() => ghost.fetch()));
    expect(req.status).toBe(200);
    expect(req.response).toEqual({});
    expect(ghost.get('name')).toBeUndefined();
    expect(ghost.createdAt).toBeUndefined();
    const err = await rejection(new AV.Query('SdkGame').get('5d8308029c9235000886c4cf'));
    expect(err.code).toBe(101);
  });
});
