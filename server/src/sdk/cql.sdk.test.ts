// The real `leancloud-storage` SDK as a client of CQL: AV.Query.doCloudQuery with the forms of
// LeanCloud's CQL guide, on the players of query-fixture.ts.
import { describe, expect, it } from 'vitest';
import { only, useSdkServer } from './helpers';
import { nameOf, player, PLAYER, seedPlayers, teams } from './query-fixture';
import { AV, rejection } from './setup';

const { sent } = useSdkServer(seedPlayers);

interface CloudQueryResult {
  results: AV.Object[];
  count?: number;
  className: string;
}
const run = (cql: string, pvalues?: unknown[]) =>
  (pvalues
    ? AV.Query.doCloudQuery(cql, pvalues)
    : AV.Query.doCloudQuery(cql)) as unknown as Promise<CloudQueryResult>;
/** Names of the players a statement finds, in the server's order. */
const found = async (cql: string, pvalues?: unknown[]) => (await run(cql, pvalues)).results.map(nameOf);
const sorted = async (cql: string, pvalues?: unknown[]) => (await found(cql, pvalues)).sort();

describe('select', () => {
  it('* answers SDK objects of the class, with className and no count', async () => {
    const req = only(await sent(() => run(`select * from ${PLAYER} order by score limit 2`)));
    expect(req).toMatchObject({ method: 'GET', path: expect.stringMatching(/^\/1\.1\/cloudQuery\?cql=/) });
    const r = await run(`select * from ${PLAYER} order by score limit 2`);
    expect(r.className).toBe(PLAYER);
    expect(r.count).toBeUndefined();
    expect(r.results.map(nameOf)).toEqual(['Alice', 'Bob']);
    const [alice] = r.results;
    expect(alice).toBeInstanceOf(AV.Object);
    expect([alice?.className, alice?.id, alice?.get('score')]).toEqual([PLAYER, player('Alice').id, 10]);
    expect(alice?.get('born')).toEqual(new Date('2000-01-01T00:00:00.000Z'));
  });

  it('a list of keys, count(*) alone and with objects, pvalues', async () => {
    const [bob] = (await run(`select name, score from ${PLAYER} where name = ?`, ['Bob'])).results;
    expect([bob?.get('name'), bob?.get('score'), bob?.get('group')]).toEqual(['Bob', 20, undefined]);
    expect(await run(`select count(*) from ${PLAYER} where score > ?`, [15])).toEqual({
      results: [],
      count: 4,
      className: PLAYER,
    });
    const both = await run(
      `select count(objectId), * from ${PLAYER} where group = ? order by -score limit ?`,
      ['x', 2],
    );
    expect([both.count, both.results.map(nameOf)]).toEqual([3, ['Eve', 'Carol']]);
    expect(await found(`select * from ${PLAYER} order by -score limit ?, ?`, [1, 2])).toEqual([
      'dave',
      'Carol',
    ]);
  });

  it('include expands a pointer', async () => {
    const [carol] = (await run(`select include team, * from ${PLAYER} where name = 'Carol'`)).results;
    expect((carol?.get('team') as AV.Object).get('color')).toBe('red');
  });
});

describe('where', () => {
  it('comparisons, and / or, is exists, between', async () => {
    expect(await sorted(`select * from ${PLAYER} where score >= 30 and group != 'y'`)).toEqual([
      'Carol',
      'Eve',
    ]);
    expect(await sorted(`select * from ${PLAYER} where score < 15 or name = "Eve"`)).toEqual([
      'Alice',
      'Eve',
    ]);
    expect(await sorted(`select * from ${PLAYER} where (score < 15 or score > 45) and group = 'x'`)).toEqual([
      'Alice',
      'Eve',
    ]);
    expect(await sorted(`select * from ${PLAYER} where nick is exists`)).toEqual(['Alice', 'Carol', 'Eve']);
    expect(await sorted(`select * from ${PLAYER} where nick is not exists`)).toEqual(['Bob', 'dave']);
    expect(await sorted(`select * from ${PLAYER} where score between 20 and 40`)).toEqual([
      'Bob',
      'Carol',
      'dave',
    ]);
    expect(await sorted(`select * from ${PLAYER} where stats.tier = 'gold' and stats.level > 1`)).toEqual([
      'Carol',
      'Eve',
    ]);
  });

  it('in, not in, all, size, like, regexp', async () => {
    expect(await sorted(`select * from ${PLAYER} where name in ('Alice', 'Eve', 'Zed')`)).toEqual([
      'Alice',
      'Eve',
    ]);
    expect(await sorted(`select * from ${PLAYER} where name not in ?`, [['Alice', 'Eve']])).toEqual([
      'Bob',
      'Carol',
      'dave',
    ]);
    expect(await sorted(`select * from ${PLAYER} where tags = 'c'`)).toEqual(['Carol', 'Eve']);
    expect(await sorted(`select * from ${PLAYER} where tags all ('a', 'b')`)).toEqual(['Alice', 'Carol']);
    expect(await sorted(`select * from ${PLAYER} where size(tags) = 0`)).toEqual(['dave']);
    expect(await sorted(`select * from ${PLAYER} where name like 'Ca%'`)).toEqual(['Carol']);
    expect(await sorted(`select * from ${PLAYER} where name like '%e'`)).toEqual(['Alice', 'Eve', 'dave']);
    expect(await sorted(`select * from ${PLAYER} where name regexp '^[A-C]'`)).toEqual([
      'Alice',
      'Bob',
      'Carol',
    ]);
    expect(await sorted(`select * from ${PLAYER} where name regexp '(?i)^d'`)).toEqual(['dave']);
  });

  it('date(), pointer() and JSON-encoded pvalues', async () => {
    expect(await sorted(`select * from ${PLAYER} where born < date('1991-01-01T00:00:00.000Z')`)).toEqual([
      'Bob',
      'Carol',
    ]);
    const iso = { __type: 'Date', iso: '2005-01-01T00:00:00.000Z' };
    expect(await sorted(`select * from ${PLAYER} where born > ?`, [iso])).toEqual(['dave']);
    const red = teams.red?.id;
    expect(await sorted(`select * from ${PLAYER} where team = pointer('SdkQTeam', ?)`, [red])).toEqual([
      'Alice',
      'Carol',
    ]);
    expect(
      await sorted(`select * from ${PLAYER} where team = ?`, [
        { __type: 'Pointer', className: 'SdkQTeam', objectId: teams.blue?.id },
      ]),
    ).toEqual(['Bob', 'Eve']);
  });

  it('geopoint(longitude, latitude): near with a cap, within a box', async () => {
    expect(await found(`select * from ${PLAYER} where loc near geopoint(0, 0) max 200 km`)).toEqual([
      'Alice',
      'Bob',
    ]);
    expect(await found(`select * from ${PLAYER} where loc near [0.9, 0] limit 3`)).toEqual([
      'Bob',
      'Alice',
      'Carol',
    ]);
    expect(await sorted(`select * from ${PLAYER} where loc within [-1, -1] and [5, 5]`)).toEqual([
      'Alice',
      'Bob',
      'Carol',
    ]);
  });

  it('sub-queries and related ... to', async () => {
    expect(
      await sorted(`select * from ${PLAYER} where team in (select * from SdkQTeam where color = 'red')`),
    ).toEqual(['Alice', 'Carol']);
    expect(
      await sorted(
        `select * from ${PLAYER} where name in (select favorite from SdkQFan where active = true)`,
      ),
    ).toEqual(['Alice', 'Carol']);
    expect(await sorted(`select * from ${PLAYER} where name != (select favorite from SdkQFan)`)).toEqual([
      'Eve',
      'dave',
    ]);
    const club = new AV.Object('SdkQCqlClub');
    const members = club.relation<AV.Object>('members');
    members.add(player('Bob'));
    members.add(player('dave'));
    await club.save();
    expect(
      await sorted(`select * from ${PLAYER} where related members to pointer('SdkQCqlClub', ?)`, [club.id]),
    ).toEqual(['Bob', 'dave']);
  });
});

describe('errors', () => {
  it('a syntax error rejects with AV.Error code 300 and its position', async () => {
    const e = await rejection(run('select * GameScore limit 10'));
    expect(e).toBeInstanceOf(AV.Error);
    expect(e.code).toBe(300);
    expect(e.message).toMatch(/^CQL syntax error at line 1, column 10: /);
  });

  it('pvalues that do not fit the placeholders reject with a reason', async () => {
    const e = await rejection(run(`select * from ${PLAYER} where name = ? and score = ?`, ['Bob']));
    expect([e.code, e.message]).toEqual([
      1,
      expect.stringMatching(/^pvalues holds 1 value\(s\) but the CQL statement has 2 placeholder\(s\)/),
    ]);
  });
});
