import { describe, expect, it } from 'vitest';
import { readDataQuery, toObjectsQuery, writeDataQuery } from './url-state';

const p = (s: string) => new URLSearchParams(s);

describe('readDataQuery', () => {
  it('reads the defaults from an empty URL', () => {
    expect(readDataQuery(p(''))).toEqual({
      where: {},
      order: ['-createdAt'],
      keys: [],
      include: [],
      paging: { page: 1, pageSize: 100 },
    });
  });

  it('reads where, several sort keys, keys, include and paging', () => {
    const q = readDataQuery(
      p(
        `where=${encodeURIComponent('{"price":{"$gt":1}}')}&order=-a,b&keys=a,b&include=seller&page=3&pageSize=50`,
      ),
    );
    expect(q).toEqual({
      where: { price: { $gt: 1 } },
      order: ['-a', 'b'],
      keys: ['a', 'b'],
      include: ['seller'],
      paging: { page: 3, pageSize: 50 },
    });
  });

  it('tells why a where in the URL is not used', () => {
    expect(readDataQuery(p('where=nope'))).toMatchObject({
      where: {},
      whereError: 'where is not valid JSON',
    });
    expect(readDataQuery(p('where={"a":{"$bad":1}}')).whereError).toBe('unknown operator $bad on "a"');
  });

  it('reads an empty order as unsorted', () => {
    expect(readDataQuery(p('order=')).order).toEqual([]);
  });
});

describe('writeDataQuery', () => {
  it('writes the query, keeps other parameters and starts again at page 1', () => {
    const next = writeDataQuery(p('page=4&pageSize=500&objectId=x'), {
      where: { a: 1 },
      order: ['b', '-c'],
      keys: ['a'],
      include: ['s'],
    });
    expect(Object.fromEntries(next)).toEqual({
      pageSize: '500',
      objectId: 'x',
      where: '{"a":1}',
      order: 'b,-c',
      keys: 'a',
      include: 's',
    });
  });

  it('leaves defaults out and keeps an explicit unsorted order', () => {
    const start = p('where=%7B%22a%22%3A1%7D&order=a&keys=a&include=b');
    expect(
      writeDataQuery(start, { where: {}, order: ['-createdAt'], keys: [], include: [] }).toString(),
    ).toBe('');
    expect(writeDataQuery(p(''), { order: [] }).toString()).toBe('order=');
  });

  it('round-trips through readDataQuery', () => {
    const change = {
      where: { $or: [{ a: 1 }, { b: { $exists: true } }] },
      order: ['x'],
      keys: ['k'],
      include: [],
    };
    expect(readDataQuery(writeDataQuery(p(''), change))).toMatchObject(change);
  });
});

describe('toObjectsQuery', () => {
  it('builds the request, leaving out what is not set', () => {
    expect(toObjectsQuery(readDataQuery(p('page=2')))).toEqual({
      skip: 100,
      limit: 100,
      order: '-createdAt',
    });
    expect(toObjectsQuery(readDataQuery(p('where={"a":1}&keys=a,b&include=c&order=')))).toEqual({
      skip: 0,
      limit: 100,
      order: '',
      where: '{"a":1}',
      keys: 'a,b',
      include: 'c',
    });
  });
});
