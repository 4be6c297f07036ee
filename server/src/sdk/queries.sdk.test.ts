// The real `leancloud-storage` SDK as a client: every where operator of Doc 1 through AV.Query,
// plus ordering, limit/skip, select, include, count, first, relations and geo queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AV, ids, matching, startSdkServer } from './setup';
import type { SdkRequest, SdkServer } from './setup';

let sdk: SdkServer;

const PLAYER = 'SdkQPlayer';
const players: Record<string, AV.Object> = {};
const teams: Record<string, AV.Object> = {};

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const Q = () => new AV.Query<AV.Object>(PLAYER);
const nameOf = (o: AV.Object) => o.get('name') as string;
/** Names of the results, in the order the server returned them. */
const inOrder = async (q: AV.Query<AV.Object>) => (await q.find()).map(nameOf);
/** Names of the results, sorted (for queries whose order is unspecified). */
const names = async (q: AV.Query<AV.Object>) => (await inOrder(q)).sort();
const player = (name: string) => players[name]!;

async function sent(fn: () => Promise<unknown>): Promise<SdkRequest[]> {
  const mark = sdk.requests.length;
  await fn();
  return sdk.since(mark);
}

function only(list: SdkRequest[]): SdkRequest {
  expect(list).toHaveLength(1);
  return list[0]!;
}

beforeAll(async () => {
  sdk = await startSdkServer();
  const [north, south] = await AV.Object.saveAll([
    new AV.Object('SdkQLeague').set('name', 'North'),
    new AV.Object('SdkQLeague').set('name', 'South'),
  ]);
  const teamList = [
    new AV.Object('SdkQTeam').set({ color: 'red', league: north }),
    new AV.Object('SdkQTeam').set({ color: 'blue', league: south }),
    new AV.Object('SdkQTeam').set({ color: 'green', league: north }),
  ];
  await AV.Object.saveAll(teamList);
  for (const t of teamList) teams[t.get('color') as string] = t;

  const rows = [
    // name, score, group, tags, born, [lat, lon], team, nick, stats, bio
    [
      'Alice',
      10,
      'x',
      ['a', 'b'],
      '2000-01-01',
      [0, 0],
      'red',
      'Al',
      { level: 1, tier: 'gold' },
      'Plays chess\nLikes tea',
    ],
    [
      'Bob',
      20,
      'y',
      ['b'],
      '1990-05-05',
      [0, 1],
      'blue',
      undefined,
      { level: 2, tier: 'silver' },
      'plays go',
    ],
    [
      'Carol',
      30,
      'x',
      ['a', 'b', 'c'],
      '1985-03-03',
      [0, 3],
      'red',
      'Caz',
      { level: 3, tier: 'gold' },
      'Loves tea\nplays chess',
    ],
    ['dave', 40, 'y', [], '2010-10-10', [10, 10], 'green', undefined, { level: 1, tier: 'bronze' }, 'no bio'],
    [
      'Eve',
      50,
      'x',
      ['c'],
      '1995-07-07',
      [40, 40],
      'blue',
      'Evie',
      { level: 2, tier: 'gold' },
      'EVE\nONLINE',
    ],
  ] as const;
  const list = rows.map(([name, score, group, tags, born, [lat, lon], team, nick, stats, bio]) => {
    const o = new AV.Object(PLAYER);
    o.set({ name, score, group, tags: [...tags], born: day(born), loc: new AV.GeoPoint(lat, lon) });
    o.set({ team: teams[team], stats, bio });
    if (nick !== undefined) o.set('nick', nick);
    players[name] = o;
    return o;
  });
  await AV.Object.saveAll(list);

  await AV.Object.saveAll([
    new AV.Object('SdkQFan').set({ favorite: 'Alice', active: true }),
    new AV.Object('SdkQFan').set({ favorite: 'Carol', active: true }),
    new AV.Object('SdkQFan').set({ favorite: 'Bob', active: false }),
  ]);
});
afterAll(() => sdk?.close());

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
    const mark = sdk.requests.length;
    expect(await names(Q().containedIn('name', [...many, 'Bob', 'Eve']))).toEqual(['Bob', 'Eve']);
    expect(
      await Q()
        .containedIn('name', [...many, 'Bob'])
        .count(),
    ).toBe(1);
    const batches = matching(sdk.since(mark), 'POST', '/1.1/batch');
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

describe('sub-queries', () => {
  it('matchesKeyInQuery / doesNotMatchKeyInQuery ($select / $dontSelect)', async () => {
    const active = () => new AV.Query('SdkQFan').equalTo('active', true);
    const req = only(await sent(() => Q().matchesKeyInQuery('name', 'favorite', active()).find()));
    expect(JSON.parse(req.query.where!)).toEqual({
      name: { $select: { key: 'favorite', query: { className: 'SdkQFan', where: { active: true } } } },
    });
    expect(await names(Q().matchesKeyInQuery('name', 'favorite', active()))).toEqual(['Alice', 'Carol']);
    expect(await names(Q().doesNotMatchKeyInQuery('name', 'favorite', active()))).toEqual([
      'Bob',
      'Eve',
      'dave',
    ]);
  });

  it('matchesQuery / doesNotMatchQuery ($inQuery / $notInQuery), nested', async () => {
    const red = () => new AV.Query('SdkQTeam').equalTo('color', 'red');
    expect(await names(Q().matchesQuery('team', red()))).toEqual(['Alice', 'Carol']);
    expect(await names(Q().doesNotMatchQuery('team', red()))).toEqual(['Bob', 'Eve', 'dave']);
    const north = new AV.Query('SdkQTeam').matchesQuery(
      'league',
      new AV.Query('SdkQLeague').equalTo('name', 'North'),
    );
    expect(await names(Q().matchesQuery('team', north))).toEqual(['Alice', 'Carol', 'dave']);
    expect(await names(Q().matchesQuery('team', red()).greaterThan('score', 10))).toEqual(['Carol']);
  });

  it('AV.Query.or / AV.Query.and, combined and with count and order', async () => {
    const low = () => Q().lessThan('score', 15);
    const eve = () => Q().equalTo('name', 'Eve');
    const req = only(await sent(() => AV.Query.or(low(), eve()).find()));
    expect(JSON.parse(req.query.where!)).toEqual({ $or: [{ score: { $lt: 15 } }, { name: 'Eve' }] });
    expect(await names(AV.Query.or(low(), eve()))).toEqual(['Alice', 'Eve']);
    expect(await AV.Query.or(low(), eve()).count()).toBe(2);
    expect(await inOrder(AV.Query.or(low(), eve()).descending('score'))).toEqual(['Eve', 'Alice']);

    const tagB = () => Q().equalTo('tags', 'b');
    const over15 = () => Q().greaterThan('score', 15);
    expect(await names(AV.Query.and(tagB(), over15()))).toEqual(['Bob', 'Carol']);
    const groupX = Q().equalTo('group', 'x');
    expect(await names(AV.Query.and(AV.Query.or(low(), eve()), groupX))).toEqual(['Alice', 'Eve']);
    expect(await names(AV.Query.or(AV.Query.and(tagB(), over15()), eve()))).toEqual(['Bob', 'Carol', 'Eve']);
  });
});

describe('relations', () => {
  it('AV.Relation add/remove and relatedTo queries', async () => {
    const club = new AV.Object('SdkQClub');
    club.set('name', 'chess');
    const members = club.relation<AV.Object>('members');
    members.add(player('Alice'));
    members.add(player('Bob'));
    members.add(player('Carol'));
    const save = only(await sent(() => club.save()));
    const pointer = (n: string) => ({ __type: 'Pointer', className: PLAYER, objectId: player(n).id });
    expect(save.body).toEqual({
      name: 'chess',
      members: { __op: 'AddRelation', objects: [pointer('Alice'), pointer('Bob'), pointer('Carol')] },
    });

    const find = only(await sent(() => members.query().find()));
    expect(JSON.parse(find.query.where!)).toEqual({
      $relatedTo: { object: { __type: 'Pointer', className: 'SdkQClub', objectId: club.id }, key: 'members' },
    });
    expect(await names(members.query())).toEqual(['Alice', 'Bob', 'Carol']);
    expect(await members.query().count()).toBe(3);
    expect(await names(members.query().greaterThan('score', 15))).toEqual(['Bob', 'Carol']);

    members.remove(player('Bob'));
    const removal = only(await sent(() => club.save()));
    expect(removal.body).toEqual({ members: { __op: 'RemoveRelation', objects: [pointer('Bob')] } });
    expect(await names(members.query())).toEqual(['Alice', 'Carol']);

    // Read back from the server: the field is a Relation value naming the target class.
    const fetched = AV.Object.createWithoutData('SdkQClub', club.id!);
    const get = only(await sent(() => fetched.fetch()));
    expect((get.response as { members: unknown }).members).toEqual({ __type: 'Relation', className: PLAYER });
    const relation = fetched.get('members') as AV.Relation<AV.Object>;
    expect(relation).toBeInstanceOf(AV.Relation);
    expect(relation.targetClassName).toBe(PLAYER);
    expect(await names(fetched.relation<AV.Object>('members').query())).toEqual(['Alice', 'Carol']);

    // Reverse: the clubs whose relation contains a player.
    const clubsOf = (n: string) =>
      AV.Relation.reverseQuery<AV.Object>('SdkQClub', 'members', player(n)).find();
    expect(ids(await clubsOf('Alice'))).toEqual([club.id]);
    expect(ids(await clubsOf('Bob'))).toEqual([]);
  });

  it('a relation of an unfetched object queries through redirectClassNameForKey', async () => {
    const club = new AV.Object('SdkQClub2');
    club.relation<AV.Object>('members').add(player('Eve'));
    club.relation<AV.Object>('members').add(player('dave'));
    await club.save();
    // A handle that was never fetched does not know the relation's target class, so the SDK asks
    // for the parent class with redirectClassNameForKey=members and builds the results from the
    // response's top-level `className`.
    const handle = AV.Object.createWithoutData('SdkQClub2', club.id!);
    const query = handle.relation<AV.Object>('members').query();
    const req = only(await sent(() => query.find()));
    expect(req.path).toMatch(/^\/1\.1\/classes\/SdkQClub2\?/);
    expect(req.query.redirectClassNameForKey).toBe('members');
    expect(req.response).toMatchObject({ className: PLAYER });
    const found = await handle.relation<AV.Object>('members').query().find();
    expect(found.map((o) => o.className)).toEqual([PLAYER, PLAYER]);
    expect(found.map(nameOf).sort()).toEqual(['Eve', 'dave']);
  });
});

describe('geo queries', () => {
  const origin = () => new AV.GeoPoint(0, 0);

  it('near sorts by distance', async () => {
    const req = only(await sent(() => Q().near('loc', origin()).find()));
    expect(JSON.parse(req.query.where!)).toEqual({
      loc: { $nearSphere: { __type: 'GeoPoint', latitude: 0, longitude: 0 } },
    });
    expect(await inOrder(Q().near('loc', origin()))).toEqual(['Alice', 'Bob', 'Carol', 'dave', 'Eve']);
    expect(await inOrder(Q().near('loc', new AV.GeoPoint(40, 40)).limit(2))).toEqual(['Eve', 'dave']);
  });

  it('order overrides the distance ordering of near', async () => {
    expect(await inOrder(Q().near('loc', origin()).descending('score'))).toEqual([
      'Eve',
      'dave',
      'Carol',
      'Bob',
      'Alice',
    ]);
  });

  it('withinKilometers / withinMiles / withinRadians cap the distance', async () => {
    // Bob is ~111 km from the origin, Carol ~334 km, dave ~1569 km.
    expect(await inOrder(Q().withinKilometers('loc', origin(), 200))).toEqual(['Alice', 'Bob']);
    expect(await inOrder(Q().withinKilometers('loc', origin(), 2000))).toEqual([
      'Alice',
      'Bob',
      'Carol',
      'dave',
    ]);
    expect(await inOrder(Q().withinMiles('loc', origin(), 250))).toEqual(['Alice', 'Bob', 'Carol']);
    expect(await inOrder(Q().withinRadians('loc', origin(), 0.04))).toEqual(['Alice', 'Bob']);
    expect(await inOrder(Q().withinRadians('loc', new AV.GeoPoint(0, 3), 0.01))).toEqual(['Carol']);
  });

  it('withinGeoBox', async () => {
    const req = only(
      await sent(() => Q().withinGeoBox('loc', new AV.GeoPoint(-1, -1), new AV.GeoPoint(5, 5)).find()),
    );
    expect(JSON.parse(req.query.where!)).toEqual({
      loc: {
        $within: {
          $box: [
            { __type: 'GeoPoint', latitude: -1, longitude: -1 },
            { __type: 'GeoPoint', latitude: 5, longitude: 5 },
          ],
        },
      },
    });
    expect(await names(Q().withinGeoBox('loc', new AV.GeoPoint(-1, -1), new AV.GeoPoint(5, 5)))).toEqual([
      'Alice',
      'Bob',
      'Carol',
    ]);
    expect(await names(Q().withinGeoBox('loc', new AV.GeoPoint(5, 5), new AV.GeoPoint(45, 45)))).toEqual([
      'Eve',
      'dave',
    ]);
  });
});

describe('query options', () => {
  it('ascending / descending', async () => {
    const asc = only(await sent(() => Q().ascending('score').find()));
    expect(asc.query.order).toBe('score');
    expect(await inOrder(Q().ascending('score'))).toEqual(['Alice', 'Bob', 'Carol', 'dave', 'Eve']);
    expect(await inOrder(Q().descending('score'))).toEqual(['Eve', 'dave', 'Carol', 'Bob', 'Alice']);
    expect(await inOrder(Q().descending('born'))).toEqual(['dave', 'Alice', 'Eve', 'Bob', 'Carol']);
  });

  it('addAscending / addDescending order by several keys', async () => {
    const q = () => Q().ascending('group').addDescending('score');
    const req = only(await sent(() => q().find()));
    expect(req.query.order).toBe('group,-score');
    expect(await inOrder(q())).toEqual(['Eve', 'Carol', 'Alice', 'dave', 'Bob']);
    expect(await inOrder(Q().addAscending('group').addAscending('score'))).toEqual([
      'Alice',
      'Carol',
      'Eve',
      'Bob',
      'dave',
    ]);
    expect(await inOrder(Q().addDescending('group').addAscending('score'))).toEqual([
      'Bob',
      'dave',
      'Alice',
      'Carol',
      'Eve',
    ]);
  });

  it('limit and skip', async () => {
    const req = only(await sent(() => Q().ascending('score').skip(1).limit(2).find()));
    expect(req.query).toMatchObject({ skip: '1', limit: '2' });
    expect(await inOrder(Q().ascending('score').skip(1).limit(2))).toEqual(['Bob', 'Carol']);
    expect(await inOrder(Q().ascending('score').skip(4).limit(10))).toEqual(['Eve']);
    expect(await inOrder(Q().ascending('score').skip(5))).toEqual([]);
  });

  it('select returns only the chosen keys (dots select sub-properties)', async () => {
    const req = only(await sent(() => Q().equalTo('name', 'Alice').select('name', 'stats.tier').find()));
    expect(req.query.keys).toBe('name,stats.tier');
    const [raw] = (req.response as { results: Record<string, unknown>[] }).results;
    expect(Object.keys(raw!).sort()).toEqual(['createdAt', 'name', 'objectId', 'stats', 'updatedAt']);
    expect(raw!.stats).toEqual({ tier: 'gold' });

    const [alice] = await Q().equalTo('name', 'Alice').select(['name', 'stats.tier']).find();
    expect(alice!.id).toBe(player('Alice').id);
    expect(alice!.get('name')).toBe('Alice');
    expect(alice!.get('stats')).toEqual({ tier: 'gold' });
    expect(alice!.has('score')).toBe(false);
    expect(alice!.createdAt).toBeInstanceOf(Date);

    // A leading '-' excludes a key.
    const [trimmed] = await Q().equalTo('name', 'Alice').select('-bio', '-stats').find();
    expect([trimmed!.get('name'), trimmed!.get('score')]).toEqual(['Alice', 10]);
    expect([trimmed!.has('bio'), trimmed!.has('stats')]).toEqual([false, false]);
  });

  it('include expands pointers, dotted for depth', async () => {
    const req = only(await sent(() => Q().equalTo('name', 'Alice').include('team', 'team.league').find()));
    expect(req.query.include).toBe('team,team.league');
    const [alice] = await Q().equalTo('name', 'Alice').include('team', 'team.league').find();
    const team = alice!.get('team') as AV.Object;
    expect([team.className, team.id, team.get('color')]).toEqual(['SdkQTeam', teams.red!.id, 'red']);
    expect((team.get('league') as AV.Object).get('name')).toBe('North');

    const [plain] = await Q().equalTo('name', 'Alice').find();
    const pointer = plain!.get('team') as AV.Object;
    expect(pointer.id).toBe(teams.red!.id);
    expect(pointer.get('color')).toBeUndefined();
  });

  it('count() sends limit=0&count=1', async () => {
    const req = only(await sent(() => Q().equalTo('tags', 'b').count()));
    expect(req.query).toMatchObject({ limit: '0', count: '1' });
    expect(req.response).toEqual({ results: [], count: 3 });
    expect(await Q().count()).toBe(5);
    expect(await Q().greaterThan('score', 100).count()).toBe(0);
  });

  it('findAndCount returns a page and the total', async () => {
    const [page, total] = await Q().ascending('score').limit(2).findAndCount();
    expect(page.map(nameOf)).toEqual(['Alice', 'Bob']);
    expect(total).toBe(5);
  });

  it('first() and get()', async () => {
    const req = only(await sent(() => Q().descending('score').first()));
    expect(req.query.limit).toBe('1');
    expect(nameOf((await Q().descending('score').first())!)).toBe('Eve');
    expect(await Q().equalTo('name', 'Nobody').first()).toBeUndefined();
    const bob = await Q().get(player('Bob').id!);
    expect([bob.get('name'), bob.get('score')]).toEqual(['Bob', 20]);
  });
});
