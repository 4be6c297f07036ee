// The real `leancloud-storage` SDK as a client: sub-queries, relations and geo queries through
// AV.Query.
import { describe, expect, it } from 'vitest';
import { only, useSdkServer } from './helpers';
import { inOrder, nameOf, names, player, PLAYER, Q, seedPlayers } from './query-fixture';
import { AV, ids } from './setup';

const { sent } = useSdkServer(seedPlayers);

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
