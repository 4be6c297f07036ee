// The data set of the SDK query tests: leagues, teams, five players and their fans, seeded into
// each test file's own server; plus the helpers that query the players.
import { AV } from './setup';

export const PLAYER = 'SdkQPlayer';
const players: Record<string, AV.Object> = {};
export const teams: Record<string, AV.Object> = {};

export const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
export const Q = () => new AV.Query<AV.Object>(PLAYER);
export const nameOf = (o: AV.Object) => o.get('name') as string;
/** Names of the results, in the order the server returned them. */
export const inOrder = async (q: AV.Query<AV.Object>) => (await q.find()).map(nameOf);
/** Names of the results, sorted (for queries whose order is unspecified). */
export const names = async (q: AV.Query<AV.Object>) => (await inOrder(q)).sort();
export const player = (name: string) => players[name]!;

/** Saves the data set (after startSdkServer, in beforeAll). */
export async function seedPlayers(): Promise<void> {
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
}
