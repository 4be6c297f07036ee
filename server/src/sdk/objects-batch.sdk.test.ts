// The real `leancloud-storage` SDK as a client: fetchAll, saveAll / destroyAll, each one batch.
// Every request goes through the SDK's own transport; `sdk().requests` records what it sent.
import { describe, expect, it } from 'vitest';
import { create, fresh, only, useSdkServer } from './helpers';
import { AV, rejection } from './setup';

const { sdk, sent } = useSdkServer();

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
    const mark = sdk().requests.length;
    const err = await rejection(AV.Object.fetchAll(handles));
    expect(err.code).toBe(101);
    const [first, second, third] = err.results as [AV.Object, AV.Error, AV.Error];
    expect(first.get('name')).toBe('known');
    expect([second.code, second.message]).toEqual([101, 'Object not found.']);
    expect(third.code).toBe(101);
    const response = only(sdk().since(mark)).response as unknown[];
    expect(response.slice(1)).toEqual([
      { success: null },
      { error: { code: 101, error: expect.any(String) } },
    ]);
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
    const mark = sdk().requests.length;
    const err = await rejection(AV.Object.saveAll([ghost, ok]));
    expect(err.code).toBe(1);
    const results = err.results as unknown[];
    expect((results[0] as AV.Error).code).toBe(1);
    expect(results[1]).toBe(ok);
    const req = only(sdk().since(mark));
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

  it('destroyAll of 50 objects: one DELETE path of 50 comma-joined ids, answered success', async () => {
    const doomed = Array.from({ length: 50 }, (_, n) => new AV.Object('SdkTrash4').set('n', n));
    await AV.Object.saveAll(doomed);
    const keep = await create('SdkTrash4', { n: -1 });
    const req = only(await sent(() => AV.Object.destroyAll(doomed)));
    const [element] = (req.body as { requests: { path: string }[] }).requests;
    expect(element?.path.split('/').pop()?.split(',')).toHaveLength(50);
    expect(req.response).toEqual([{ success: {} }]);
    const left = await new AV.Query<AV.Object>('SdkTrash4').find();
    expect(left.map((o) => o.id)).toEqual([keep.id]);
  });

  it('query.destroyAll deletes a whole page of 1000 matches in one DELETE', async () => {
    await AV.Object.saveAll(Array.from({ length: 1001 }, (_, n) => new AV.Object('SdkTrash5').set('n', n)));
    const req = only(
      (await sent(() => new AV.Query('SdkTrash5').ascending('n').limit(1000).destroyAll())).filter(
        (r) => r.path === '/1.1/batch',
      ),
    );
    expect(req.response).toEqual([{ success: {} }]);
    const left = await new AV.Query<AV.Object>('SdkTrash5').find();
    expect(left.map((o) => o.get('n') as unknown)).toEqual([1000]);
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
