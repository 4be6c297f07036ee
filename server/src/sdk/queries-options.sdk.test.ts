// The real `leancloud-storage` SDK as a client: ordering, limit/skip, select, include, count and
// first through AV.Query.
import { describe, expect, it } from 'vitest';
import { only, useSdkServer } from './helpers';
import { inOrder, nameOf, player, Q, seedPlayers, teams } from './query-fixture';
import {} from './setup';
import type { AV } from './setup';

const { sent } = useSdkServer(seedPlayers);

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
