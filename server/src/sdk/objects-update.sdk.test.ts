// The real `leancloud-storage` SDK as a client: atomic operations, fetchWhenSave and conditional
// saves (the SDK error for 305).
// Every request goes through the SDK's own transport; `sdk().requests` records what it sent.
import { describe, expect, it } from 'vitest';
import { create, fresh, only, useSdkServer } from './helpers';
import { AV, rejection } from './setup';

const { sdk, sent } = useSdkServer();

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
    const mark = sdk().requests.length;
    const err = await rejection(o.save(null, { query }));
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(305);
    const req = only(sdk().since(mark));
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
