import { describe, expect, it } from 'vitest';
import { parseWhere, parseWhereParam, WhereError } from './where';

describe('parseWhere', () => {
  it('reads plain values as equality and operator objects as conditions', () => {
    expect(parseWhere({ a: 1, b: { $gt: 2, $lte: 5 }, c: { nested: true } })).toEqual({
      clauses: [
        { type: 'field', field: 'a', conditions: [{ op: 'eq', value: 1 }] },
        {
          type: 'field',
          field: 'b',
          conditions: [
            { op: 'gt', value: 2 },
            { op: 'lte', value: 5 },
          ],
        },
        { type: 'field', field: 'c', conditions: [{ op: 'eq', value: { nested: true } }] },
      ],
    });
  });

  it('parses $or/$and, $relatedTo, $regex with options and sub-queries', () => {
    const w = parseWhere({
      $or: [{ a: 1 }, { b: 2 }],
      $relatedTo: { object: { __type: 'Pointer', className: 'Post', objectId: 'p1' }, key: 'likes' },
      name: { $regex: '^a', $options: 'im' },
      author: { $inQuery: { className: 'User', where: { vip: true } } },
    });
    expect(w.clauses.map((c) => c.type)).toEqual(['or', 'relatedTo', 'field', 'field']);
    expect(w.clauses[2]).toEqual({
      type: 'field',
      field: 'name',
      conditions: [{ op: 'regex', pattern: '^a', options: 'im' }],
    });
  });

  it('turns distance caps into radians', () => {
    const point = { __type: 'GeoPoint', latitude: 10, longitude: 20 };
    const [clause] = parseWhere({ loc: { $nearSphere: point, $maxDistanceInKilometers: 6371 } }).clauses;
    expect(clause).toEqual({
      type: 'field',
      field: 'loc',
      conditions: [{ op: 'nearSphere', point, maxDistanceRadians: 1 }],
    });
  });

  it.each([
    [{ a: { $bogus: 1 } }, /unknown operator \$bogus/],
    [{ $or: [] }, /non-empty array/],
    [{ a: { $in: 'x' } }, /needs an array/],
    [{ a: { $regex: 'x', $options: 'g' } }, /modifiers i, m, x and s/],
    [{ 'bad-name': 1 }, /invalid field name/],
    [{ $where: 'x' }, /unknown top-level operator/],
    [{ a: { $maxDistanceInMiles: 3 } }, /needs \$nearSphere/],
    [{ a: { $within: { $box: [1] } } }, /\$box/],
    [[1, 2], /JSON object/],
  ])('refuses %j', (input, message) => {
    expect(() => parseWhere(input)).toThrow(WhereError);
    expect(() => parseWhere(input)).toThrow(message);
  });

  it('refuses where text that is not JSON', () => {
    expect(() => parseWhereParam('{a:')).toThrow('where is not valid JSON');
  });
});
