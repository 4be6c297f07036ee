import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
const id: Record<string, string> = {};
const ptr = (className: string, objectId: string) => ({ __type: 'Pointer', className, objectId });
const geo = (latitude: number, longitude: number) => ({ __type: 'GeoPoint', latitude, longitude });

async function create(cls: string, key: string, body: Record<string, unknown>) {
  const r = await t.request('POST', `/1.1/classes/${cls}`, { body });
  expect(r.status, r.text).toBe(201);
  id[key] = String(r.json.objectId);
}

async function names(cls: string, params: Record<string, unknown>): Promise<string[]> {
  const r = await t.request('GET', `/1.1/classes/${cls}`, { query: params });
  expect(r.status, r.text).toBe(200);
  return (r.json.results as { name: string }[]).map((o) => o.name);
}

beforeAll(async () => {
  t = await startTestServer();
  await create('Team', 'red', { name: 'red', wins: 9 });
  await create('Team', 'blue', { name: 'blue', wins: 2 });
  await create('Player', 'ann', { name: 'ann', team: ptr('Team', id.red!), home: 'Oslo', at: geo(0, 0.01) });
  await create('Player', 'bo', { name: 'bo', team: ptr('Team', id.blue!), home: 'Rome', at: geo(0, 1) });
  await create('Player', 'cy', { name: 'cy', home: 'Lima', at: geo(10, 10) });
  await create('City', 'oslo', { name: 'Oslo', cold: true });
  await create('City', 'rome', { name: 'Rome', cold: false });
});
afterAll(() => t.close());

describe('relations', () => {
  it('AddRelation, RemoveRelation and Batch keep the members; $relatedTo and equality find them', async () => {
    const add = await t.request('PUT', `/1.1/classes/Team/${id.red}`, {
      body: { fans: { __op: 'AddRelation', objects: [ptr('Player', id.ann!), ptr('Player', id.bo!)] } },
    });
    expect(add.status, add.text).toBe(200);
    expect((await t.request('GET', `/1.1/classes/Team/${id.red}`)).json.fans).toEqual({
      __type: 'Relation',
      className: 'Player',
    });
    const relatedTo = { $relatedTo: { object: ptr('Team', id.red!), key: 'fans' } };
    expect(await names('Player', { where: relatedTo, order: 'name' })).toEqual(['ann', 'bo']);
    expect(await names('Team', { where: { fans: ptr('Player', id.bo!) } })).toEqual(['red']);
    const batchOp = {
      __op: 'Batch',
      ops: [
        { __op: 'RemoveRelation', objects: [ptr('Player', id.ann!)] },
        { __op: 'AddRelation', objects: [ptr('Player', id.cy!)] },
      ],
    };
    expect((await t.request('PUT', `/1.1/classes/Team/${id.red}`, { body: { fans: batchOp } })).status).toBe(
      200,
    );
    expect(await names('Player', { where: relatedTo, order: 'name' })).toEqual(['bo', 'cy']);
    expect(await names('Team', { where: { fans: ptr('Player', id.ann!) } })).toEqual([]);
  });

  it('refuses relation operations mixing classes, without objects, or on a non-relation field', async () => {
    const mixed = await t.request('PUT', `/1.1/classes/Team/${id.blue}`, {
      body: { fans: { __op: 'AddRelation', objects: [ptr('Player', id.ann!), ptr('City', id.oslo!)] } },
    });
    expect([mixed.status, mixed.json.code]).toEqual([400, 128]);
    const empty = await t.request('PUT', `/1.1/classes/Team/${id.blue}`, {
      body: { fans: { __op: 'AddRelation', objects: [] } },
    });
    expect([empty.status, empty.json.code]).toEqual([400, 128]);
    const onName = await t.request('PUT', `/1.1/classes/Team/${id.blue}`, {
      body: { name: { __op: 'AddRelation', objects: [ptr('Player', id.ann!)] } },
    });
    expect([onName.status, onName.json.code]).toEqual([400, 111]);
  });

  it('deleting the owner drops its relation members', async () => {
    await create('Team', 'temp', {
      name: 'temp',
      fans: { __op: 'AddRelation', objects: [ptr('Player', id.ann!)] },
    });
    expect(await names('Team', { where: { fans: ptr('Player', id.ann!) } })).toEqual(['temp']);
    await t.request('DELETE', `/1.1/classes/Team/${id.temp}`);
    const rows = await t.server.sql.query('SELECT 1 FROM lc_relations WHERE owner_id = $1', [id.temp]);
    expect(rows).toHaveLength(0);
  });
});

describe('sub-queries', () => {
  it('$inQuery and $notInQuery match pointers to objects of another query', async () => {
    const winners = { className: 'Team', where: { wins: { $gt: 5 } } };
    expect(await names('Player', { where: { team: { $inQuery: winners } } })).toEqual(['ann']);
    expect(await names('Player', { where: { team: { $notInQuery: winners } }, order: 'name' })).toEqual([
      'bo',
      'cy',
    ]);
    expect(
      await names('Player', { where: { team: { $inQuery: { className: 'NoClass', where: {} } } } }),
    ).toEqual([]);
  });

  it('$select and $dontSelect match a key of another query', async () => {
    const cold = { query: { className: 'City', where: { cold: true } }, key: 'name' };
    expect(await names('Player', { where: { home: { $select: cold } } })).toEqual(['ann']);
    expect(await names('Player', { where: { home: { $dontSelect: cold } }, order: 'name' })).toEqual([
      'bo',
      'cy',
    ]);
  });

  it('caps a sub-query at its limit (default 100), as Doc 1 says', async () => {
    const firstTeamOnly = { className: 'Team', where: {}, limit: 1 };
    const hits = await names('Player', { where: { team: { $inQuery: firstTeamOnly } } });
    expect(hits).toHaveLength(1);
  });
});

describe('geo', () => {
  it('$nearSphere orders by distance and caps in km, miles and radians; order overrides', async () => {
    const origin = geo(0, 0);
    expect(await names('Player', { where: { at: { $nearSphere: origin } } })).toEqual(['ann', 'bo', 'cy']);
    expect(
      await names('Player', { where: { at: { $nearSphere: origin, $maxDistanceInKilometers: 200 } } }),
    ).toEqual(['ann', 'bo']);
    expect(await names('Player', { where: { at: { $nearSphere: origin, $maxDistanceInMiles: 5 } } })).toEqual(
      ['ann'],
    );
    expect(
      await names('Player', { where: { at: { $nearSphere: origin, $maxDistanceInRadians: 0.1 } } }),
    ).toEqual(['ann', 'bo']);
    expect(await names('Player', { where: { at: { $nearSphere: origin } }, order: '-name' })).toEqual([
      'cy',
      'bo',
      'ann',
    ]);
  });

  it('$within $box selects points inside, also across the antimeridian', async () => {
    expect(
      await names('Player', { where: { at: { $within: { $box: [geo(-1, -1), geo(1, 0.5)] } } } }),
    ).toEqual(['ann']);
    await create('Player', 'dee', { name: 'dee', at: geo(0, 179.5) });
    expect(
      await names('Player', { where: { at: { $within: { $box: [geo(-1, 179), geo(1, -179)] } } } }),
    ).toEqual(['dee']);
  });
});
