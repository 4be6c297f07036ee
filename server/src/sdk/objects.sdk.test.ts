// The real `leancloud-storage` SDK as a client: saving, fetching, atomic operations, fetchWhenSave,
// conditional saves, saveAll / destroyAll, and the SDK errors for 305 and an unknown class.
// Every request goes through the SDK's own transport; `sdk.requests` records what it sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, matching, rejection, startSdkServer } from './setup';
import type { SdkRequest, SdkServer } from './setup';

let sdk: SdkServer;
beforeAll(async () => {
  sdk = await startSdkServer();
});
afterAll(() => sdk?.close());

/** Runs `fn` and returns the requests the SDK sent meanwhile. */
async function sent(fn: () => Promise<unknown>): Promise<SdkRequest[]> {
  const mark = sdk.requests.length;
  await fn();
  return sdk.since(mark);
}

function only(list: SdkRequest[]): SdkRequest {
  expect(list).toHaveLength(1);
  return list[0]!;
}

async function fresh(className: string, id: string | undefined): Promise<AV.Object> {
  const o = AV.Object.createWithoutData(className, id ?? '');
  await o.fetch();
  return o;
}

function create(className: string, attrs: Record<string, unknown>): Promise<AV.Object> {
  return new AV.Object(className).save(attrs);
}

describe('save and fetch', () => {
  it('signs every request with X-LC-Sign (app key), as the SDK does by default', async () => {
    const reqs = await sent(() => create('SdkGame', { signed: true }));
    const req = only(reqs);
    expect(req.status).toBe(201);
    expect(req.headers['X-LC-Id']).toBe('test-app-id');
    expect(req.headers['X-LC-Sign']).toMatch(/^[0-9a-f]{32},\d{13}$/);
    expect(req.headers['X-LC-Key']).toBeUndefined();
    // serverURL disables the app router: nothing goes to a LeanCloud host.
    expect(new Set(sdk.requests.map((r) => r.origin))).toEqual(new Set([sdk.t.url]));
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

describe('fetchAll', () => {
  it('fetches several objects in one batch of GETs', async () => {
    const a = await create('SdkGame', { name: 'fa', score: 1 });
    const b = await create('SdkPerson', { name: 'fb' });
    const handles = [
      AV.Object.createWithoutData('SdkGame', a.id!),
      AV.Object.createWithoutData('SdkPerson', b.id!),
    ];
    const req = only(await sent(() => AV.Object.fetchAll(handles)));
    expect(req).toMatchObject({ method: 'POST', path: '/1.1/batch', status: 200 });
    expect((req.body as { requests: unknown[] }).requests).toEqual([
      { method: 'GET', path: `/1.1/classes/SdkGame/${a.id}` },
      { method: 'GET', path: `/1.1/classes/SdkPerson/${b.id}` },
    ]);
    expect(handles.map((h) => h.get('name') as unknown)).toEqual(['fa', 'fb']);
    expect(handles[0]!.get('score')).toBe(1);
  });

  it('an unknown id answers success: null, an unknown class error 101 (as LeanCloud recorded)', async () => {
    const a = await create('SdkGame', { name: 'known' });
    const handles = [
      AV.Object.createWithoutData('SdkGame', a.id!),
      AV.Object.createWithoutData('SdkGame', 'fakeId'),
      AV.Object.createWithoutData('SdkNoSuchClass', a.id!),
    ];
    const mark = sdk.requests.length;
    const err = await rejection(AV.Object.fetchAll(handles));
    expect(err.code).toBe(101);
    const [first, second, third] = err.results as [AV.Object, AV.Error, AV.Error];
    expect(first.get('name')).toBe('known');
    expect([second.code, second.message]).toEqual([101, 'Object not found.']);
    expect(third.code).toBe(101);
    const response = only(sdk.since(mark)).response as unknown[];
    expect(response.slice(1)).toEqual([
      { success: null },
      { error: { code: 101, error: expect.any(String) } },
    ]);
  });
});

describe('atomic operations', () => {
  it('increment, add, addUnique, remove and unset apply on top of concurrent changes', async () => {
    const o = await create('SdkGame', {
      score: 10,
      lives: 3,
      tags: ['a', 'b'],
      uniq: [1, 2],
      junk: [1, 2, 1, 3],
      gone: 'x',
    });
    // Another client changes the same object between our read and our write.
    const other = AV.Object.createWithoutData('SdkGame', o.id!);
    other.increment('score', 5);
    other.add('tags', 'z');
    await other.save();

    o.increment('score');
    o.increment('lives', -2);
    o.add('tags', 'c');
    o.addUnique('uniq', [2, 3]);
    o.remove('junk', 1);
    o.unset('gone');
    const req = only(await sent(() => o.save()));
    expect(req.body).toEqual({
      score: { __op: 'Increment', amount: 1 },
      lives: { __op: 'Increment', amount: -2 },
      tags: { __op: 'Add', objects: ['c'] },
      uniq: { __op: 'AddUnique', objects: [2, 3] },
      junk: { __op: 'Remove', objects: [1] },
      gone: { __op: 'Delete' },
    });
    expect(req.status).toBe(200);

    const copy = await fresh('SdkGame', o.id);
    expect(copy.get('score')).toBe(16);
    expect(copy.get('lives')).toBe(1);
    expect(copy.get('tags')).toEqual(['a', 'b', 'z', 'c']);
    expect([...(copy.get('uniq') as number[])].sort()).toEqual([1, 2, 3]);
    expect(copy.get('junk')).toEqual([2, 3]);
    expect(copy.has('gone')).toBe(false);
  });

  it('bitAnd, bitOr and bitXor', async () => {
    const o = await create('SdkGame', { f1: 5, f2: 5, f3: 5 });
    o.bitAnd('f1', 6);
    o.bitOr('f2', 2);
    o.bitXor('f3', 1);
    const req = only(await sent(() => o.save()));
    expect(req.body).toEqual({
      f1: { __op: 'BitAnd', value: 6 },
      f2: { __op: 'BitOr', value: 2 },
      f3: { __op: 'BitXor', value: 1 },
    });
    const copy = await fresh('SdkGame', o.id);
    expect([copy.get('f1'), copy.get('f2'), copy.get('f3')]).toEqual([4, 7, 4]);
  });
});

describe('fetchWhenSave', () => {
  it('an update with fetchWhenSave sends new=true and takes the server values', async () => {
    const o = await create('SdkGame', { score: 10, name: 'fws' });
    const other = AV.Object.createWithoutData('SdkGame', o.id!);
    other.increment('score', 5);
    await other.save();

    o.increment('score', 1);
    const req = only(await sent(() => o.save(null, { fetchWhenSave: true })));
    expect(req).toMatchObject({ method: 'PUT', query: { new: 'true' }, status: 200 });
    expect(req.response).toMatchObject({ score: 16 });
    expect(o.get('score')).toBe(16);
  });

  it('a create with fetchWhenSave returns the complete object', async () => {
    const o = new AV.Object('SdkGame');
    o.set('name', 'whole');
    o.increment('plays', 2);
    const req = only(await sent(() => o.save(null, { fetchWhenSave: true })));
    expect(req).toMatchObject({ method: 'POST', query: { new: 'true' }, status: 201 });
    expect(req.response).toMatchObject({
      objectId: o.id,
      name: 'whole',
      plays: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(o.get('plays')).toBe(2);
    expect(o.updatedAt).toBeInstanceOf(Date);
  });

  it('saveAll with fetchWhenSave passes it in each batch element', async () => {
    const a = await create('SdkGame', { score: 1 });
    const b = await create('SdkGame', { score: 100 });
    const other = AV.Object.createWithoutData('SdkGame', a.id!);
    other.increment('score', 10);
    await other.save();

    a.increment('score', 1);
    b.increment('score', -1);
    const req = only(await sent(() => AV.Object.saveAll([a, b], { fetchWhenSave: true })));
    const body = req.body as { requests: { params?: unknown }[] };
    expect(body.requests.map((r) => r.params)).toEqual([{ fetchWhenSave: true }, { fetchWhenSave: true }]);
    expect([a.get('score'), b.get('score')]).toEqual([12, 99]);
  });
});

describe('conditional save', () => {
  it('a save whose query does not match fails with 305 and changes nothing', async () => {
    const o = await create('SdkGame', { status: 'open', score: 10 });
    o.set('status', 'closed');
    const query = new AV.Query<AV.Object>('SdkGame').equalTo('status', 'locked');
    const mark = sdk.requests.length;
    const err = await rejection(o.save(null, { query }));
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(305);
    const req = only(sdk.since(mark));
    expect(req).toMatchObject({
      method: 'PUT',
      path: expect.stringContaining(`/1.1/classes/SdkGame/${o.id}?`),
    });
    expect(JSON.parse(req.query.where!)).toEqual({ status: 'locked' });
    // LeanCloud: HTTP 400, {"code":305,"error":"No effect on updating/deleting a document."}
    expect(req.status).toBe(400);
    expect(req.response).toEqual({ code: 305, error: 'No effect on updating/deleting a document.' });
    expect((await fresh('SdkGame', o.id)).get('status')).toBe('open');
  });

  it('a save whose query matches applies (with fetchWhenSave)', async () => {
    const o = await create('SdkGame', { status: 'open', score: 10 });
    o.set('status', 'closed');
    o.increment('score', 1);
    const query = new AV.Query<AV.Object>('SdkGame').equalTo('status', 'open').greaterThan('score', 5);
    const req = only(await sent(() => o.save(null, { query, fetchWhenSave: true })));
    expect(req.query.new).toBe('true');
    expect(JSON.parse(req.query.where!)).toEqual({ status: 'open', score: { $gt: 5 } });
    expect(req.status).toBe(200);
    expect(o.get('score')).toBe(11);
    const copy = await fresh('SdkGame', o.id);
    expect([copy.get('status'), copy.get('score')]).toEqual(['closed', 11]);
  });
});

describe('saveAll and destroyAll', () => {
  it('saveAll sends one batch: POST for new objects, PUT for changed ones', async () => {
    const existing = await create('SdkNote', { n: 0 });
    existing.set('n', 100);
    const created = [1, 2, 3].map((n) => new AV.Object('SdkNote').set('n', n));
    const list = [...created, existing];
    let saved: unknown[] = [];
    const req = only(
      await sent(async () => {
        saved = await AV.Object.saveAll(list);
      }),
    );
    expect(req).toMatchObject({ method: 'POST', path: '/1.1/batch', status: 200 });
    expect((req.body as { requests: unknown[] }).requests).toEqual([
      { method: 'POST', path: '/1.1/classes/SdkNote', body: { n: 1 } },
      { method: 'POST', path: '/1.1/classes/SdkNote', body: { n: 2 } },
      { method: 'POST', path: '/1.1/classes/SdkNote', body: { n: 3 } },
      { method: 'PUT', path: `/1.1/classes/SdkNote/${existing.id}`, body: { n: 100 } },
    ]);
    const response = req.response as { success?: Record<string, unknown> }[];
    expect(response).toHaveLength(4);
    expect(response.every((r) => r.success !== undefined)).toBe(true);
    expect(saved).toEqual(list);
    expect(created.every((o) => typeof o.id === 'string' && o.createdAt instanceof Date)).toBe(true);

    const all = await new AV.Query<AV.Object>('SdkNote').ascending('n').find();
    expect(all.map((o) => o.get('n') as unknown)).toEqual([1, 2, 3, 100]);
    expect(all.map((o) => o.id)).toEqual([...created, existing].map((o) => o.id));
  });

  it('saveAll reports a failing element (code 1) and still saves the others', async () => {
    await create('SdkNote2', { n: 0 }); // the class exists, the id does not (as in LeanCloud's recording)
    const ghost = AV.Object.createWithoutData('SdkNote2', 'fakeid');
    ghost.set('n', 7);
    const ok = new AV.Object('SdkNote2').set('n', 8);
    const mark = sdk.requests.length;
    const err = await rejection(AV.Object.saveAll([ghost, ok]));
    expect(err.code).toBe(1);
    const results = err.results as unknown[];
    expect((results[0] as AV.Error).code).toBe(1);
    expect(results[1]).toBe(ok);
    const req = only(sdk.since(mark));
    expect(req.status).toBe(200);
    expect((req.response as unknown[])[0]).toEqual({ error: { code: 1, error: expect.any(String) } });
    expect(ok.id).toEqual(expect.any(String));
    expect((await fresh('SdkNote2', ok.id)).get('n')).toBe(8);
  });

  it('destroyAll sends one comma-joined DELETE per class in a batch', async () => {
    const [t1, t2, t3, keep] = await AV.Object.saveAll(
      [1, 2, 3, 4].map((n) => new AV.Object('SdkTrash').set('n', n)),
    );
    const [u1, u2] = await AV.Object.saveAll([1, 2].map((n) => new AV.Object('SdkTrash2').set('n', n)));
    const doomed = [t1, u1, t2, u2, t3] as AV.Object[];
    const req = only(await sent(() => AV.Object.destroyAll(doomed)));
    expect(req).toMatchObject({ method: 'POST', path: '/1.1/batch', status: 200 });
    const byPath = (req.body as { requests: { method: string; path: string }[] }).requests;
    expect(byPath.map((r) => [r.method, r.path])).toEqual([
      ['DELETE', `/1.1/classes/SdkTrash/${[t1, t2, t3].map((o) => (o as AV.Object).id).join(',')}`],
      ['DELETE', `/1.1/classes/SdkTrash2/${[u1, u2].map((o) => (o as AV.Object).id).join(',')}`],
    ]);
    expect(req.response).toEqual([{ success: {} }, { success: {} }]);

    const left = await new AV.Query<AV.Object>('SdkTrash').find();
    expect(left.map((o) => o.id)).toEqual([(keep as AV.Object).id]);
    expect(await new AV.Query('SdkTrash2').count()).toBe(0);
  });

  it('query.destroyAll finds then batch-deletes the matches', async () => {
    await AV.Object.saveAll([1, 2, 3, 4, 5].map((n) => new AV.Object('SdkTrash3').set('n', n)));
    await new AV.Query('SdkTrash3').greaterThan('n', 2).destroyAll();
    const left = await new AV.Query<AV.Object>('SdkTrash3').ascending('n').find();
    expect(left.map((o) => o.get('n') as unknown)).toEqual([1, 2]);
  });

  it('destroy deletes one object; fetching it afterwards finds nothing', async () => {
    const o = await create('SdkGame', { name: 'bye' });
    const req = only(await sent(() => o.destroy()));
    expect(req).toMatchObject({ method: 'DELETE', path: `/1.1/classes/SdkGame/${o.id}`, status: 200 });
    expect(req.response).toEqual({});
    const err = await rejection(new AV.Query('SdkGame').get(o.id!));
    expect(err.code).toBe(101);
  });
});

describe('errors', () => {
  it('fetching from a class that does not exist rejects with 101 (HTTP 404)', async () => {
    const ghost = AV.Object.createWithoutData('SdkNoSuchClass', '5d8308029c9235000886c4cf');
    const mark = sdk.requests.length;
    const err = await rejection(ghost.fetch());
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(101);
    const req = only(sdk.since(mark));
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
