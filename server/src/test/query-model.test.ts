import { describe, expect, it } from 'vitest';
import { compareCodePoints, matchesWhere, ModelError, runQuery, sameValue } from './query-model';
import type { ModelObject } from './query-model';

/** Hand-written cases for the in-memory query evaluator, so that a wrong model is caught on its own. */

const date = (iso: string) => ({ __type: 'Date', iso });
const ptr = (objectId: string) => ({ __type: 'Pointer', className: 'Person', objectId });

const OBJECTS: ModelObject[] = [
  {
    objectId: 'a1',
    createdAt: '2024-01-01T00:00:00.001Z',
    data: {
      name: 'Ann',
      age: 31,
      tags: ['red', 'blue', 7],
      born: date('1990-05-01T00:00:00.000Z'),
      vip: true,
      note: null,
      obj: { a: 1, b: 'x' },
      text: 'line one\nline two',
    },
  },
  {
    objectId: 'b2',
    createdAt: '2024-01-01T00:00:00.002Z',
    data: {
      name: 'bob',
      age: 25.5,
      tags: ['blue'],
      born: date('1999-01-01T00:00:00.000Z'),
      vip: false,
      obj: { b: 'y', a: 2 },
      owner: ptr('p1'),
    },
  },
  {
    objectId: 'c3',
    createdAt: '2024-01-01T00:00:00.002Z',
    data: { name: 'Cid', age: 40, tags: [], born: date('1984-12-31T23:59:59.999Z'), obj: {}, s: 'é' },
  },
  { objectId: 'd4', createdAt: '2024-01-01T00:00:00.000Z', data: { name: '中', mixed: ['40', 40], s: 'z' } },
];

const ids = (where: unknown) =>
  OBJECTS.filter((o) => matchesWhere(o, where))
    .map((o) => o.objectId)
    .sort();

describe('values', () => {
  it('compares strings by code point, not by UTF-16 unit or locale', () => {
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
    expect(compareCodePoints('z', 'é')).toBeLessThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('\uffff', '\u{1f600}')).toBeLessThan(0); // UTF-16 units would say otherwise
    expect(compareCodePoints('abc', 'abc')).toBe(0);
  });

  it('equates numbers numerically, Dates by instant, objects regardless of key order', () => {
    expect(sameValue(1, 1.0)).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue(true, 1)).toBe(false);
    expect(sameValue(date('2020-01-01T00:00:00Z'), date('2020-01-01T00:00:00.000Z'))).toBe(true);
    expect(sameValue({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameValue([1, 'a'], ['a', 1])).toBe(false);
    expect(sameValue(ptr('p1'), ptr('p1'))).toBe(true);
    expect(sameValue(ptr('p1'), ptr('p2'))).toBe(false);
  });
});

describe('where', () => {
  it('equality: scalars, array containment, null, arrays, objects, Dates, Pointers, ids', () => {
    expect(ids({ age: 40 })).toEqual(['c3']);
    expect(ids({ age: '40' })).toEqual([]);
    expect(ids({ tags: 'blue' })).toEqual(['a1', 'b2']);
    expect(ids({ tags: 7 })).toEqual(['a1']);
    expect(ids({ mixed: '40' })).toEqual(['d4']);
    expect(ids({ note: null })).toEqual(['a1', 'b2', 'c3', 'd4']);
    expect(ids({ vip: null })).toEqual(['c3', 'd4']);
    expect(ids({ tags: ['blue'] })).toEqual(['b2']);
    expect(ids({ tags: [] })).toEqual(['c3']);
    expect(ids({ tags: ['blue', 'red', 7] })).toEqual([]);
    expect(ids({ obj: { b: 'x', a: 1 } })).toEqual(['a1']);
    expect(ids({ obj: {} })).toEqual(['c3']);
    expect(ids({ obj: { a: 1 } })).toEqual([]);
    expect(ids({ 'obj.a': 2 })).toEqual(['b2']);
    expect(ids({ 'obj.a': null })).toEqual(['c3', 'd4']);
    expect(ids({ born: date('1999-01-01T00:00:00.000Z') })).toEqual(['b2']);
    expect(ids({ owner: ptr('p1') })).toEqual(['b2']);
    expect(ids({ objectId: 'c3' })).toEqual(['c3']);
    expect(ids({ createdAt: date('2024-01-01T00:00:00.002Z') })).toEqual(['b2', 'c3']);
  });

  it('$ne, $in and $nin are equality and its negation (missing fields are not equal)', () => {
    expect(ids({ vip: { $ne: true } })).toEqual(['b2', 'c3', 'd4']);
    expect(ids({ tags: { $ne: 'blue' } })).toEqual(['c3', 'd4']);
    expect(ids({ note: { $ne: null } })).toEqual([]);
    expect(ids({ age: { $in: [25.5, 40, '31'] } })).toEqual(['b2', 'c3']);
    expect(ids({ age: { $in: [] } })).toEqual([]);
    expect(ids({ age: { $nin: [] } })).toEqual(['a1', 'b2', 'c3', 'd4']);
    expect(ids({ age: { $nin: [31, null] } })).toEqual(['b2', 'c3']);
    expect(ids({ objectId: { $in: ['a1', 'zz'] } })).toEqual(['a1']);
  });

  it('ranges only match values of the operand type', () => {
    expect(ids({ age: { $gte: 31 } })).toEqual(['a1', 'c3']);
    expect(ids({ age: { $gt: 25, $lt: 31 } })).toEqual(['b2']);
    expect(ids({ age: { $gt: '1' } })).toEqual([]);
    expect(ids({ name: { $gt: 'C' } })).toEqual(['b2', 'c3', 'd4']);
    expect(ids({ name: { $lt: 'a' } })).toEqual(['a1', 'c3']);
    expect(ids({ s: { $gt: 'z' } })).toEqual(['c3']);
    expect(ids({ vip: { $lt: true } })).toEqual(['b2']);
    expect(ids({ vip: { $gte: false } })).toEqual(['a1', 'b2']);
    expect(ids({ tags: { $gt: 'a' } })).toEqual([]);
    expect(ids({ note: { $lte: 0 } })).toEqual([]);
    expect(ids({ born: { $lt: date('1990-01-01T00:00:00.000Z') } })).toEqual(['c3']);
    expect(ids({ born: { $gt: '1' } })).toEqual([]);
    expect(ids({ 'obj.a': { $gte: 1 } })).toEqual(['a1', 'b2']);
    expect(ids({ createdAt: { $gt: date('2024-01-01T00:00:00.001Z') } })).toEqual(['b2', 'c3']);
    expect(ids({ objectId: { $lte: 'b2' } })).toEqual(['a1', 'b2']);
  });

  it('$exists, $all and $size', () => {
    expect(ids({ note: { $exists: true } })).toEqual(['a1']);
    expect(ids({ note: { $exists: false } })).toEqual(['b2', 'c3', 'd4']);
    expect(ids({ 'obj.a': { $exists: true } })).toEqual(['a1', 'b2']);
    expect(ids({ objectId: { $exists: true } })).toEqual(['a1', 'b2', 'c3', 'd4']);
    expect(ids({ tags: { $all: ['blue', 'red'] } })).toEqual(['a1']);
    expect(ids({ tags: { $all: [] } })).toEqual(['a1', 'b2', 'c3']);
    expect(ids({ name: { $all: ['Ann'] } })).toEqual([]);
    expect(ids({ tags: { $size: 0 } })).toEqual(['c3']);
    expect(ids({ tags: { $size: 3 } })).toEqual(['a1']);
    expect(ids({ name: { $size: 3 } })).toEqual([]);
  });

  it('$regex with i, m and s on strings only', () => {
    expect(ids({ name: { $regex: '^b' } })).toEqual(['b2']);
    expect(ids({ name: { $regex: '^B', $options: 'i' } })).toEqual(['b2']);
    expect(ids({ name: { $regex: '[a-c]$' } })).toEqual(['b2']);
    expect(ids({ tags: { $regex: 'blue' } })).toEqual([]);
    expect(ids({ text: { $regex: '^line two$' } })).toEqual([]);
    expect(ids({ text: { $regex: '^line two$', $options: 'm' } })).toEqual(['a1']);
    expect(ids({ text: { $regex: 'one.line' } })).toEqual([]);
    expect(ids({ text: { $regex: 'one.line', $options: 's' } })).toEqual(['a1']);
    expect(ids({ text: { $regex: 'one$', $options: 'ms' } })).toEqual(['a1']);
    expect(ids({ name: { $regex: '^.$' } })).toEqual(['d4']);
    expect(() => ids({ name: { $regex: 'a', $options: 'x' } })).toThrow(ModelError);
  });

  it('$or, $and and the implicit and', () => {
    expect(ids({ $or: [{ name: '中' }, { age: 25.5 }] })).toEqual(['b2', 'd4']);
    expect(ids({ $and: [{ tags: 'blue' }, { age: { $gt: 30 } }] })).toEqual(['a1']);
    expect(ids({ tags: 'blue', vip: false })).toEqual(['b2']);
    expect(ids({ $or: [{ $and: [{ age: 40 }] }, { s: 'z' }], name: { $ne: 'Cid' } })).toEqual(['d4']);
    expect(ids({})).toEqual(['a1', 'b2', 'c3', 'd4']);
  });
});

describe('order, skip, limit, count', () => {
  it('defaults to objectId ascending', () => {
    expect(runQuery(OBJECTS).ids).toEqual(['a1', 'b2', 'c3', 'd4']);
  });

  it('puts missing and null first ascending, last descending, ties by objectId', () => {
    expect(runQuery(OBJECTS, { order: 'vip' }).ids).toEqual(['c3', 'd4', 'b2', 'a1']);
    expect(runQuery(OBJECTS, { order: '-vip' }).ids).toEqual(['a1', 'b2', 'c3', 'd4']);
    expect(runQuery(OBJECTS, { order: 'obj.a' }).ids).toEqual(['c3', 'd4', 'a1', 'b2']);
    expect(runQuery(OBJECTS, { order: '-age' }).ids).toEqual(['c3', 'a1', 'b2', 'd4']);
  });

  it('orders strings by code point, Dates by time, and by several keys', () => {
    expect(runQuery(OBJECTS, { order: 'name' }).ids).toEqual(['a1', 'c3', 'b2', 'd4']);
    expect(runQuery(OBJECTS, { order: 'born' }).ids).toEqual(['d4', 'c3', 'a1', 'b2']);
    // Ties after a descending createdAt go by objectId descending: the (created_at, id) index read backwards.
    expect(runQuery(OBJECTS, { order: '-createdAt' }).ids).toEqual(['c3', 'b2', 'a1', 'd4']);
    expect(runQuery(OBJECTS, { order: '-createdAt,objectId' }).ids).toEqual(['b2', 'c3', 'a1', 'd4']);
    expect(runQuery(OBJECTS, { order: 's,-age' }).ids).toEqual(['a1', 'b2', 'd4', 'c3']);
  });

  it('skips, then limits; count ignores both', () => {
    expect(runQuery(OBJECTS, { order: '-objectId', skip: 1, limit: 2 })).toEqual({
      ids: ['c3', 'b2'],
      count: 4,
    });
    expect(runQuery(OBJECTS, { where: { tags: 'blue' }, skip: 5 })).toEqual({ ids: [], count: 2 });
    expect(runQuery(OBJECTS, { limit: 0 })).toEqual({ ids: [], count: 4 });
  });
});
