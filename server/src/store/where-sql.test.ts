import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

/** Query semantics, end to end through HTTP and SQL, on a small fixed data set. */
let t: TestServer;
const ids: Record<string, string> = {};

const ROWS: Record<string, Record<string, unknown>> = {
  ann: {
    name: 'Ann',
    age: 31,
    tags: ['red', 'blue'],
    city: 'Paris',
    born: { __type: 'Date', iso: '1990-05-01T00:00:00.000Z' },
    vip: true,
    note: null,
  },
  bob: {
    name: 'bob',
    age: 25,
    tags: ['blue'],
    city: 'Berlin',
    born: { __type: 'Date', iso: '1999-01-01T00:00:00.000Z' },
    vip: false,
    nested: { level: 2 },
  },
  cid: {
    name: 'Cid',
    age: 40,
    tags: [],
    city: 'Paris',
    born: { __type: 'Date', iso: '1984-12-31T23:59:59.999Z' },
    text: 'line one\nline two',
  },
  dee: {
    name: 'Dee',
    city: 'Rome',
    mixed: ['40', 40],
    owner: { __type: 'Pointer', className: 'Person', objectId: 'p1' },
  },
};

beforeAll(async () => {
  t = await startTestServer();
  for (const [key, body] of Object.entries(ROWS)) {
    const r = await t.request('POST', '/1.1/classes/People', { body });
    ids[key] = String(r.json.objectId);
  }
});
afterAll(() => t.close());

async function names(params: Record<string, unknown>): Promise<string[]> {
  const r = await t.request('GET', '/1.1/classes/People', { query: params });
  expect(r.status, r.text).toBe(200);
  return (r.json.results as { name: string }[]).map((o) => o.name).sort();
}

describe('where: equality and containment', () => {
  it('matches plain values, typed (40 the number is not "40" the string)', async () => {
    expect(await names({ where: { city: 'Paris' } })).toEqual(['Ann', 'Cid']);
    expect(await names({ where: { age: 40 } })).toEqual(['Cid']);
    expect(await names({ where: { age: '40' } })).toEqual([]);
    expect(await names({ where: { age: { $gt: '1' } } })).toEqual([]);
    expect(await names({ where: { mixed: '40' } })).toEqual(['Dee']);
  });

  it('an array field equals a plain value it contains', async () => {
    expect(await names({ where: { tags: 'blue' } })).toEqual(['Ann', 'bob']);
  });

  it('null matches null and missing; $exists tells them apart', async () => {
    expect(await names({ where: { note: null } })).toEqual(['Cid', 'Dee', 'bob', 'Ann'].sort());
    expect(await names({ where: { note: { $exists: true } } })).toEqual(['Ann']);
    expect(await names({ where: { note: { $exists: false } } })).toEqual(['Cid', 'Dee', 'bob']);
  });

  it('matches Dates, Pointers, nested fields and objectId', async () => {
    expect(await names({ where: { born: { __type: 'Date', iso: '1999-01-01T00:00:00.000Z' } } })).toEqual([
      'bob',
    ]);
    expect(
      await names({ where: { owner: { __type: 'Pointer', className: 'Person', objectId: 'p1' } } }),
    ).toEqual(['Dee']);
    expect(await names({ where: { 'nested.level': 2 } })).toEqual(['bob']);
    expect(await names({ where: { objectId: ids.cid } })).toEqual(['Cid']);
  });
});

describe('where: operators', () => {
  it('compares numbers, strings and Dates only with values of their own type', async () => {
    expect(await names({ where: { age: { $gte: 31 } } })).toEqual(['Ann', 'Cid']);
    expect(await names({ where: { age: { $lt: 31, $gt: 1 } } })).toEqual(['bob']);
    expect(await names({ where: { name: { $gt: 'C' } } })).toEqual(['Cid', 'Dee', 'bob']);
    expect(
      await names({ where: { born: { $lt: { __type: 'Date', iso: '1990-01-01T00:00:00.000Z' } } } }),
    ).toEqual(['Cid']);
  });

  it('$ne, $in and $nin (missing fields count as not equal)', async () => {
    expect(await names({ where: { city: { $ne: 'Paris' } } })).toEqual(['Dee', 'bob']);
    expect(await names({ where: { city: { $in: ['Rome', 'Berlin'] } } })).toEqual(['Dee', 'bob']);
    expect(await names({ where: { vip: { $nin: [true] } } })).toEqual(['Cid', 'Dee', 'bob']);
    expect(await names({ where: { city: { $in: [] } } })).toEqual([]);
  });

  it('$all and $size on arrays', async () => {
    expect(await names({ where: { tags: { $all: ['red', 'blue'] } } })).toEqual(['Ann']);
    expect(await names({ where: { tags: { $size: 0 } } })).toEqual(['Cid']);
  });

  it('$regex with the i, m and s options', async () => {
    expect(await names({ where: { name: { $regex: '^b' } } })).toEqual(['bob']);
    expect(await names({ where: { name: { $regex: '^B', $options: 'i' } } })).toEqual(['bob']);
    expect(await names({ where: { text: { $regex: '^line two$' } } })).toEqual([]);
    expect(await names({ where: { text: { $regex: '^line two$', $options: 'm' } } })).toEqual(['Cid']);
    expect(await names({ where: { text: { $regex: 'one.line' } } })).toEqual([]);
    expect(await names({ where: { text: { $regex: 'one.line', $options: 's' } } })).toEqual(['Cid']);
    expect(await names({ where: { text: { $regex: 'line\\ one # comment', $options: 'x' } } })).toEqual([
      'Cid',
    ]);
  });

  it('$or and $and', async () => {
    expect(await names({ where: { $or: [{ city: 'Rome' }, { age: 25 }] } })).toEqual(['Dee', 'bob']);
    expect(await names({ where: { $and: [{ city: 'Paris' }, { age: { $gt: 35 } }] } })).toEqual(['Cid']);
  });

  it('refuses malformed where clauses with a 400 that names the problem', async () => {
    for (const where of ['{not json', '{"age":{"$bogus":1}}', '{"$or":[]}', '{"name":{"$regex":"["}}']) {
      const r = await t.request('GET', '/1.1/classes/People', { query: { where } });
      expect(r.status, where).toBe(400);
      expect(r.json.code).toBe(1);
      expect(String(r.json.error)).toMatch(/where|regular expression/i);
    }
  });
});

describe('query parameters', () => {
  it('orders by several keys, descending with "-", and pages with skip and limit', async () => {
    const r = await t.request('GET', '/1.1/classes/People', {
      query: { order: 'city,-name', limit: '2', skip: '1' },
    });
    expect((r.json.results as { name: string }[]).map((o) => o.name)).toEqual(['Cid', 'Ann']);
  });

  it('forces limits outside 1..1000 to 100 and counts with limit=0', async () => {
    const all = await t.request('GET', '/1.1/classes/People', { query: { limit: '5000' } });
    expect(all.json.results).toHaveLength(4);
    const count = await t.request('GET', '/1.1/classes/People', {
      query: { count: '1', limit: '0', where: { city: 'Paris' } },
    });
    expect(count.json).toEqual({ results: [], count: 2 });
  });

  it('answers an empty result for a class that does not exist yet', async () => {
    expect((await t.request('GET', '/1.1/classes/NoSuchClass')).json).toEqual({ results: [] });
  });
});
