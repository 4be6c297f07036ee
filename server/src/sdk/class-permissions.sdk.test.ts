// The real `leancloud-storage` SDK against class permissions and column options set through
// /1.1/schemas with the master key: a logged-in-only create, a column default returned by
// fetchWhenSave, an invisible field, and an auto-increment field under concurrent creates.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSdkServer } from './helpers';
import { AV, rejection } from './setup';

const { sdk } = useSdkServer();

const schema = (method: 'POST' | 'PUT', className: string, body: unknown) =>
  sdk().t.request(method, `/1.1/schemas/${className}`, { auth: 'master', body });

afterEach(() => AV.User.logOut());

describe('class permissions through the SDK', () => {
  beforeAll(async () => {
    const r = await schema('POST', 'Order', {
      fields: { total: { type: 'Number' } },
      permissions: { create: { onlySignInUsers: true }, find: { '*': true } },
    });
    expect(r.status).toBe(201);
  });

  it('refuses an anonymous create and accepts a logged-in one', async () => {
    const err = await rejection(new AV.Object('Order').save({ total: 1 }));
    expect(err.code).toBe(403);
    expect(err.message).toMatch(/^Forbidden to create by class 'Order' permissions\./);
    await AV.User.signUp(`buyer_${Date.now().toString(36)}`, 'password-1');
    const saved = await new AV.Object('Order').save({ total: 2 });
    expect(saved.id).toMatch(/^[0-9a-f]{24}$/);
    // The master key passes whatever the permission says.
    await AV.User.logOut();
    const byMaster = await new AV.Object('Order').save({ total: 3 }, { useMasterKey: true });
    expect(byMaster.id).toBeTruthy();
    const all = await new AV.Query('Order').find();
    expect(all.map((o) => o.get('total') as number).sort()).toEqual([2, 3]);
  });

  it('refuses a create inside a batch too', async () => {
    const objects = [new AV.Object('Order'), new AV.Object('Order')];
    objects.forEach((o, i) => o.set('total', 10 + i));
    const err = await rejection(AV.Object.saveAll(objects));
    const results = err.results as AV.Error[];
    expect(results.map((e) => [e.code, e.message])).toEqual([
      [403, "Forbidden to create by class 'Order' permissions."],
      [403, "Forbidden to create by class 'Order' permissions."],
    ]);
  });
});

describe('column options through the SDK', () => {
  beforeAll(async () => {
    const r = await schema('POST', 'Profile', {
      fields: {
        nick: { type: 'String' },
        level: { type: 'Number', default: 1 },
        secret: { type: 'String', hidden: true },
        serial: { type: 'Number', auto_increment: true },
      },
    });
    expect(r.status).toBe(201);
  });

  it('returns a column default on a fetchWhenSave create', async () => {
    const p = new AV.Object('Profile');
    const saved = await p.save({ nick: 'a' }, { fetchWhenSave: true });
    expect(saved.get('level')).toBe(1);
    const explicit = await new AV.Object('Profile').save({ nick: 'b', level: 5 }, { fetchWhenSave: true });
    expect(explicit.get('level')).toBe(5);
  });

  it('never returns an invisible field without the master key', async () => {
    const p = await new AV.Object('Profile').save({ nick: 'hidden-one', secret: 's3cret' });
    const fetched = await AV.Object.createWithoutData('Profile', p.id ?? '').fetch();
    expect(fetched.get('nick')).toBe('hidden-one');
    expect(fetched.has('secret')).toBe(false);
    const found: AV.Object[] = await new AV.Query<AV.Object>('Profile').equalTo('nick', 'hidden-one').find();
    expect(found[0]?.has('secret')).toBe(false);
    const selected: AV.Object[] = await new AV.Query<AV.Object>('Profile')
      .equalTo('nick', 'hidden-one')
      .select('secret')
      .find();
    expect(selected[0]?.has('secret')).toBe(false);
    const filter = await rejection(new AV.Query('Profile').equalTo('secret', 's3cret').find());
    expect(filter.code).toBe(119);
    expect(filter.message).toMatch(
      /^Cannot filter on 'secret' of class 'Profile': only the master key may\./,
    );
    const sort = await rejection(new AV.Query('Profile').ascending('secret').find());
    expect(sort.message).toMatch(/Cannot sort by 'secret'/);
    const viaCql = await rejection(AV.Query.doCloudQuery("select * from Profile where secret = 's3cret'"));
    expect(viaCql.code).toBe(119);
    const asMaster = await AV.Object.createWithoutData('Profile', p.id ?? '').fetch(
      {},
      { useMasterKey: true },
    );
    expect(asMaster.get('secret')).toBe('s3cret');
  });

  it('gives an auto-increment field unique, increasing values under 100 concurrent creates', async () => {
    const saved = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        new AV.Object('Profile').save({ nick: `c${i}` }, { fetchWhenSave: true }),
      ),
    );
    const serials = saved.map((o) => o.get('serial') as number);
    expect(serials.every((n) => Number.isInteger(n))).toBe(true);
    expect(new Set(serials).size).toBe(100);
    // Values come in order of the creates' commits: the sequence has no holes.
    const sorted = [...serials].sort((a, b) => a - b);
    expect(sorted[99]! - sorted[0]!).toBe(99);
    const next = await new AV.Object('Profile').save({ nick: 'after' }, { fetchWhenSave: true });
    expect(next.get('serial')).toBeGreaterThan(sorted[99]!);
    const err = await rejection(new AV.Object('Profile').save({ nick: 'x', serial: 1 }));
    expect(err.code).toBe(403);
  });
});

describe('the app setting forbidding clients to create classes', () => {
  const setting = (clientClassCreation: boolean) =>
    sdk().t.request('PUT', '/1.1/switchboard/settings', { auth: 'master', body: { clientClassCreation } });

  it('refuses a client the first object of a new class, and still lets the master key create one', async () => {
    await new AV.Object('Existing').save({ n: 1 });
    expect((await setting(false)).status).toBe(200);
    try {
      const err = await rejection(new AV.Object('BrandNew').save({ n: 1 }));
      expect(err.code).toBe(403);
      expect(err.message).toMatch(/^Forbidden to create class 'BrandNew' from a client/);
      expect((await new AV.Object('Existing').save({ n: 2 })).id).toBeTruthy();
      const byMaster = await new AV.Object('BrandNew').save({ n: 1 }, { useMasterKey: true });
      expect(byMaster.id).toBeTruthy();
    } finally {
      await setting(true);
    }
  });
});
