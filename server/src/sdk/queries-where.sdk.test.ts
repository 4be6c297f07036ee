// The real `leancloud-storage` SDK as a client: the where operators of Doc 1 through AV.Query
// (comparisons, arrays and membership, regular expressions).
import { describe, expect, it } from 'vitest';
import { only, useSdkServer } from './helpers';
import { day, names, Q, seedPlayers, teams } from './query-fixture';
import { AV, ids, matching } from './setup';

const { sdk, sent } = useSdkServer(seedPlayers);

describe('comparisons', () => {
  it('equalTo / notEqualTo', async () => {
    expect(await names(Q().equalTo('name', 'Bob'))).toEqual(['Bob']);
    expect(await names(Q().equalTo('score', 30))).toEqual(['Carol']);
    expect(await names(Q().notEqualTo('group', 'x'))).toEqual(['Bob', 'dave']);
    expect(await names(Q().equalTo('team', teams.red))).toEqual(['Alice', 'Carol']);
    const req = only(await sent(() => Q().equalTo('name', 'Bob').notEqualTo('score', 1).find()));
    expect(req).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/^\/1\.1\/classes\/SdkQPlayer\?/),
    });
    expect(JSON.parse(req.query.where!)).toEqual({ name: 'Bob', score: { $ne: 1 } });
  });

  it('lessThan / lessThanOrEqualTo / greaterThan / greaterThanOrEqualTo', async () => {
    expect(await names(Q().lessThan('score', 30))).toEqual(['Alice', 'Bob']);
    expect(await names(Q().lessThanOrEqualTo('score', 30))).toEqual(['Alice', 'Bob', 'Carol']);
    expect(await names(Q().greaterThan('score', 30))).toEqual(['Eve', 'dave']);
    expect(await names(Q().greaterThanOrEqualTo('score', 30))).toEqual(['Carol', 'Eve', 'dave']);
    expect(await names(Q().greaterThan('score', 10).lessThan('score', 50))).toEqual(['Bob', 'Carol', 'dave']);
  });

  it('Date comparisons (Date-encoded in where)', async () => {
    const req = only(await sent(() => Q().greaterThan('born', day('1995-01-01')).find()));
    expect(JSON.parse(req.query.where!)).toEqual({
      born: { $gt: { __type: 'Date', iso: '1995-01-01T00:00:00.000Z' } },
    });
    expect(
      ((req.response as { results: unknown[] }).results as { name: string }[]).map((r) => r.name).sort(),
    ).toEqual(['Alice', 'Eve', 'dave']);
    expect(await names(Q().lessThanOrEqualTo('born', day('1990-05-05')))).toEqual(['Bob', 'Carol']);
    expect(await names(Q().lessThan('born', day('1990-05-05')))).toEqual(['Carol']);
    expect(await names(Q().greaterThanOrEqualTo('born', day('2000-01-01')))).toEqual(['Alice', 'dave']);
    expect(await names(Q().equalTo('born', day('1995-07-07')))).toEqual(['Eve']);
    const born = (await Q().equalTo('name', 'Eve').first())!.get('born') as Date;
    expect(born).toEqual(day('1995-07-07'));
  });

  it('createdAt comparisons', async () => {
    const first = await new AV.Object('SdkQStamp').save({ n: 1 });
    await new Promise((r) => setTimeout(r, 5));
    const second = await new AV.Object('SdkQStamp').save({ n: 2 });
    expect(second.createdAt!.getTime()).toBeGreaterThan(first.createdAt!.getTime());
    const q = () => new AV.Query<AV.Object>('SdkQStamp');
    expect(ids(await q().greaterThan('createdAt', first.createdAt!).find())).toEqual([second.id]);
    expect(ids(await q().lessThan('createdAt', second.createdAt!).find())).toEqual([first.id]);
    expect(ids(await q().lessThanOrEqualTo('createdAt', second.createdAt!).ascending('n').find())).toEqual([
      first.id,
      second.id,
    ]);
  });
});

describe('arrays and membership', () => {
  it('containedIn / notContainedIn', async () => {
    expect(await names(Q().containedIn('name', ['Alice', 'Eve', 'Zed']))).toEqual(['Alice', 'Eve']);
    expect(await names(Q().notContainedIn('name', ['Alice', 'Eve']))).toEqual(['Bob', 'Carol', 'dave']);
    expect(await names(Q().containedIn('team', [teams.blue, teams.green]))).toEqual(['Bob', 'Eve', 'dave']);
  });

  it('equalTo on an array field matches arrays that contain the value', async () => {
    expect(await names(Q().equalTo('tags', 'c'))).toEqual(['Carol', 'Eve']);
    expect(await names(Q().equalTo('tags', 'b'))).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('containsAll', async () => {
    expect(await names(Q().containsAll('tags', ['a', 'b']))).toEqual(['Alice', 'Carol']);
    expect(await names(Q().containsAll('tags', ['a', 'b', 'c']))).toEqual(['Carol']);
  });

  it('sizeEqualTo', async () => {
    expect(await names(Q().sizeEqualTo('tags', 1))).toEqual(['Bob', 'Eve']);
    expect(await names(Q().sizeEqualTo('tags', 0))).toEqual(['dave']);
    expect(await names(Q().sizeEqualTo('tags', 3))).toEqual(['Carol']);
  });

  it('exists / doesNotExist', async () => {
    expect(await names(Q().exists('nick'))).toEqual(['Alice', 'Carol', 'Eve']);
    expect(await names(Q().doesNotExist('nick'))).toEqual(['Bob', 'dave']);
  });

  it('a long containedIn goes through a batch GET with params, as the SDK sends it', async () => {
    const many = Array.from({ length: 300 }, (_, i) => `nobody-${i}`);
    const mark = sdk().requests.length;
    expect(await names(Q().containedIn('name', [...many, 'Bob', 'Eve']))).toEqual(['Bob', 'Eve']);
    expect(
      await Q()
        .containedIn('name', [...many, 'Bob'])
        .count(),
    ).toBe(1);
    const batches = matching(sdk().since(mark), 'POST', '/1.1/batch');
    expect(batches).toHaveLength(2);
    expect((batches[1]!.body as { requests: unknown[] }).requests[0]).toMatchObject({
      method: 'GET',
      path: '/1.1/classes/SdkQPlayer',
      params: { count: 1, limit: 0 },
    });
  });
});

describe('regular expressions', () => {
  it('matches with a RegExp; its i and m flags become $options', async () => {
    const req = only(await sent(() => Q().matches('name', /^a/i).find()));
    expect(JSON.parse(req.query.where!)).toEqual({ name: { $regex: '^a', $options: 'i' } });
    expect(((req.response as { results: { name: string }[] }).results ?? []).map((r) => r.name)).toEqual([
      'Alice',
    ]);
    expect(await names(Q().matches('name', /^[A-Z]/))).toEqual(['Alice', 'Bob', 'Carol', 'Eve']);
    expect(await names(Q().matches('bio', /^Likes/m))).toEqual(['Alice']);
    expect(await names(Q().matches('bio', /^Likes/))).toEqual([]);
    expect(await names(Q().matches('bio', /^likes/im))).toEqual(['Alice']);
  });

  it('matches with modifier strings: s (dot matches newline) and x (extended)', async () => {
    expect(await names(Q().matches('bio', /chess.Likes/, 's'))).toEqual(['Alice']);
    expect(await names(Q().matches('bio', /chess.Likes/))).toEqual([]);
    expect(await names(Q().matches('name', new RegExp('^ C a r # the name'), 'x'))).toEqual(['Carol']);
    expect(await names(Q().matches('bio', /tea.plays/, 'is'))).toEqual(['Carol']);
  });

  it('startsWith and contains (the SDK quotes the text as \\Q...\\E)', async () => {
    const req = only(await sent(() => Q().startsWith('name', 'Ca').find()));
    expect(JSON.parse(req.query.where!)).toEqual({ name: { $regex: '^\\QCa\\E' } });
    expect(req.status).toBe(200);
    expect(await names(Q().startsWith('name', 'Ca'))).toEqual(['Carol']);
    expect(await names(Q().contains('name', 've'))).toEqual(['Eve', 'dave']);
    expect(await names(Q().contains('bio', 'tea\np'))).toEqual(['Carol']);
    expect(await names(Q().contains('name', '.'))).toEqual([]);
  });
});
