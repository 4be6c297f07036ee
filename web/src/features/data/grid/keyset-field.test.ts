import { describe, expect, it } from 'vitest';
import { BLOCK_SIZE, planBlock } from './blocks';
import { keysetOrder, keysetSort, keysetWhere } from './keyset';

const at = (rank: unknown) => ({ objectId: 'm5', createdAt: 'x', updatedAt: 'x', rank });
const where = (rank: unknown, sort: { desc: boolean }, backwards = false) =>
  JSON.parse(keysetWhere({ field: 'rank', ...sort }, at(rank), undefined, backwards)!) as unknown;

describe('keyset sorts on a field of the class', () => {
  it('accepts one top-level field, alone or with objectId ascending, unless the keys hide it', () => {
    expect(keysetSort('-rank')).toEqual({ field: 'rank', desc: true });
    expect(keysetSort('rank,objectId')).toEqual({ field: 'rank', desc: false });
    expect(keysetSort('rank', (f) => f === 'rank')).toBeUndefined();
    expect(keysetSort('-createdAt', () => true)).toEqual({ field: 'createdAt', desc: true });
  });

  it('writes the tie-breaker out, ascending forwards and descending backwards', () => {
    expect(keysetOrder({ field: 'rank', desc: false })).toBe('rank,objectId');
    expect(keysetOrder({ field: 'rank', desc: true })).toBe('-rank,objectId');
    expect(keysetOrder({ field: 'rank', desc: false }, true)).toBe('-rank,-objectId');
    expect(keysetOrder({ field: 'rank', desc: true }, true)).toBe('rank,-objectId');
  });

  it('continues after a value: greater values, then ties after the objectId', () => {
    expect(where(3, { desc: false })).toEqual({
      $or: [{ rank: { $gt: 3 } }, { rank: 3, objectId: { $gt: 'm5' } }],
    });
  });

  it('walking down, keeps the null and missing values for last', () => {
    expect(where('b', { desc: true })).toEqual({
      $or: [{ rank: { $lt: 'b' } }, { rank: 'b', objectId: { $gt: 'm5' } }, { rank: null }],
    });
    expect(where(null, { desc: true })).toEqual({ rank: null, objectId: { $gt: 'm5' } });
  });

  it('walking up from a null or missing value, takes the later nulls and then every value', () => {
    const fromNull = { $or: [{ rank: null, objectId: { $gt: 'm5' } }, { rank: { $ne: null } }] };
    expect(where(null, { desc: false })).toEqual(fromNull);
    expect(where(undefined, { desc: false })).toEqual(fromNull);
  });

  it('reads backwards with ties in descending objectId order', () => {
    const date = { __type: 'Date', iso: '2024-01-01T00:00:00.000Z' };
    expect(where(date, { desc: false }, true)).toEqual({
      $or: [{ rank: { $lt: date } }, { rank: date, objectId: { $lt: 'm5' } }, { rank: null }],
    });
    expect(where(null, { desc: true }, true)).toEqual({
      $or: [{ rank: null, objectId: { $lt: 'm5' } }, { rank: { $ne: null } }],
    });
  });

  it('gives up on values whose ranges do not follow the sort', () => {
    for (const v of [true, { __type: 'Pointer', className: 'A', objectId: 'a' }, [1], { a: 1 }]) {
      expect(keysetWhere({ field: 'rank', desc: false }, at(v) as never, undefined)).toBeUndefined();
    }
  });
});

describe('blocks of a field sort', () => {
  const sort = { field: 'rank', desc: true };
  const block = Array.from({ length: BLOCK_SIZE }, (_, i) => at(i === BLOCK_SIZE - 1 ? 2 : 9));
  it('reads every block, by skip or by seek, in the order with its tie-breaker', () => {
    expect(planBlock(0, { order: '-rank' }, sort, {})).toMatchObject({ skip: 0, order: '-rank,objectId' });
    expect(planBlock(3, { order: '-rank' }, sort, {})).toMatchObject({
      skip: 3 * BLOCK_SIZE,
      order: '-rank,objectId',
    });
    const next = planBlock(1, { order: '-rank', where: '{"n":1}' }, sort, { before: block });
    expect(next).toMatchObject({ skip: 0, order: '-rank,objectId', backwards: false });
    expect(JSON.parse(next.where!)).toEqual({
      $and: [{ n: 1 }, { $or: [{ rank: { $lt: 2 } }, { rank: 2, objectId: { $gt: 'm5' } }, { rank: null }] }],
    });
  });
});
