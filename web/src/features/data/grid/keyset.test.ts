import { describe, expect, it } from 'vitest';
import { keysetOrder, keysetSort, keysetWhere } from './keyset';

const row = { objectId: 'b2', createdAt: '2024-05-01T12:00:00.000Z', updatedAt: '2024-05-02T00:00:00.000Z' };
const date = { __type: 'Date', iso: '2024-05-01T12:00:00.000Z' };

describe('keysetSort', () => {
  it('accepts one indexed field, with objectId as a tie-breaker in the same direction', () => {
    expect(keysetSort('-createdAt')).toEqual({ field: 'createdAt', desc: true });
    expect(keysetSort('updatedAt,objectId')).toEqual({ field: 'updatedAt', desc: false });
    expect(keysetSort('-objectId')).toEqual({ field: 'objectId', desc: true });
  });

  it('refuses mixed directions, several fields, dotted paths and no order', () => {
    expect(keysetSort('-createdAt,objectId')).toBeUndefined();
    expect(keysetSort('name,-objectId')).toBeUndefined();
    expect(keysetSort('meta.rank')).toBeUndefined();
    expect(keysetSort('createdAt,name')).toBeUndefined();
    expect(keysetSort('')).toBeUndefined();
  });

  it('reads the order backwards for the rows before a loaded block', () => {
    expect(keysetOrder({ field: 'createdAt', desc: true })).toBe('-createdAt');
    expect(keysetOrder({ field: 'createdAt', desc: true }, true)).toBe('createdAt');
  });
});

describe('keysetWhere', () => {
  it('continues a descending sort below the row, objectId breaking ties', () => {
    const where = keysetWhere({ field: 'createdAt', desc: true }, row, undefined);
    expect(JSON.parse(where!)).toEqual({
      createdAt: { $lte: date },
      $or: [{ createdAt: { $lt: date } }, { objectId: { $lt: 'b2' } }],
    });
  });

  it('goes the other way backwards and joins the user where with $and', () => {
    const where = keysetWhere({ field: 'createdAt', desc: true }, row, '{"n":1}', true);
    expect(JSON.parse(where!)).toEqual({
      $and: [
        { n: 1 },
        { createdAt: { $gte: date }, $or: [{ createdAt: { $gt: date } }, { objectId: { $gt: 'b2' } }] },
      ],
    });
  });

  it('compares objectId alone when it is the sort', () => {
    expect(JSON.parse(keysetWhere({ field: 'objectId', desc: false }, row, undefined)!)).toEqual({
      objectId: { $gt: 'b2' },
    });
  });

  it('gives up when the row lacks the sort value', () => {
    expect(
      keysetWhere({ field: 'updatedAt', desc: true }, { objectId: 'x' } as never, undefined),
    ).toBeUndefined();
  });
});
