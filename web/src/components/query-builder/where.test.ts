import fc from 'fast-check';
import { parseWhere } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import type { Condition, Group, QueryNode } from './model';
import { fromWhere, toWhere } from './where';

const cond = (field: string, operator: Condition['operator'], value: unknown): Condition => ({
  kind: 'condition',
  field,
  operator,
  value,
});
const and = (...children: QueryNode[]): Group => ({ kind: 'group', join: 'and', children });
const or = (...children: QueryNode[]): Group => ({ kind: 'group', join: 'or', children });

const date = { __type: 'Date', iso: '2024-05-01T00:00:00.000Z' };
const pointer = { __type: 'Pointer', className: '_User', objectId: 'u1' };
const geo = (latitude: number, longitude: number) => ({ __type: 'GeoPoint', latitude, longitude });

describe('toWhere', () => {
  it('gives {} for an empty model', () => {
    expect(toWhere(and())).toEqual({});
    expect(toWhere(or())).toEqual({});
  });

  it('puts conditions on different fields side by side and merges one field’s operators', () => {
    const w = toWhere(
      and(
        cond('price', 'gte', 10),
        cond('price', 'lt', 20),
        cond('seller', 'eq', pointer),
        cond('createdAt', 'gt', date),
      ),
    );
    expect(w).toEqual({ price: { $gte: 10, $lt: 20 }, seller: pointer, createdAt: { $gt: date } });
  });

  it('keeps colliding conditions exact in $and', () => {
    expect(
      toWhere(and(cond('tags', 'eq', 'a'), cond('tags', 'eq', 'b'), cond('n', 'gt', 1), cond('n', 'gt', 2))),
    ).toEqual({ tags: 'a', n: { $gt: 1 }, $and: [{ tags: 'b' }, { n: { $gt: 2 } }] });
  });

  it('writes OR groups as $or, nested', () => {
    expect(toWhere(or(cond('a', 'eq', 1), and(cond('b', 'eq', 2), cond('c', 'exists', false))))).toEqual({
      $or: [{ a: 1 }, { b: 2, c: { $exists: false } }],
    });
    expect(toWhere(and(cond('x', 'eq', 1), or(cond('a', 'eq', 1), cond('b', 'eq', 2))))).toEqual({
      x: 1,
      $or: [{ a: 1 }, { b: 2 }],
    });
  });

  it('writes every operator of Doc 1 in its API form', () => {
    const sub = { className: 'Store', where: { open: true } };
    const w = toWhere(
      and(
        cond('name', 'regex', { pattern: '^Es', options: 'i' }),
        cond('status', 'in', ['a', 'b']),
        cond('status2', 'nin', ['c']),
        cond('tags', 'all', ['x', 'y']),
        cond('tags2', 'size', 2),
        cond('store', 'inQuery', sub),
        cond('city', 'select', { ...sub, key: 'city' }),
        cond('city2', 'dontSelect', { ...sub, key: 'city' }),
        cond('location', 'nearSphere', { point: geo(1, 2), max: { unit: 'Kilometers', distance: 5 } }),
        cond('area', 'within', { southwest: geo(0, 0), northeast: geo(1, 1) }),
        cond('$relatedTo', 'relatedTo', { object: pointer, key: 'likes' }),
        cond('title', 'ne', 'x'),
      ),
    );
    expect(w).toEqual({
      name: { $regex: '^Es', $options: 'i' },
      status: { $in: ['a', 'b'] },
      status2: { $nin: ['c'] },
      tags: { $all: ['x', 'y'] },
      tags2: { $size: 2 },
      store: { $inQuery: sub },
      city: { $select: { query: sub, key: 'city' } },
      city2: { $dontSelect: { query: sub, key: 'city' } },
      location: { $nearSphere: geo(1, 2), $maxDistanceInKilometers: 5 },
      area: { $within: { $box: [geo(0, 0), geo(1, 1)] } },
      $relatedTo: { object: pointer, key: 'likes' },
      title: { $ne: 'x' },
    });
    expect(() => parseWhere(w)).not.toThrow();
  });
});

describe('fromWhere', () => {
  it('reads a where back into groups and conditions', () => {
    const r = fromWhere({ price: { $gte: 10, $lt: 20 }, $or: [{ a: 1 }, { b: 2, c: 3 }] });
    expect(r).toEqual({
      ok: true,
      model: and(
        cond('price', 'gte', 10),
        cond('price', 'lt', 20),
        or(cond('a', 'eq', 1), and(cond('b', 'eq', 2), cond('c', 'eq', 3))),
      ),
    });
  });

  it('makes a lone top-level $or the OR root', () => {
    expect(fromWhere({ $or: [{ a: 1 }, { b: 2 }] })).toEqual({
      ok: true,
      model: or(cond('a', 'eq', 1), cond('b', 'eq', 2)),
    });
  });

  it('reads a regex with options and a capped $nearSphere', () => {
    const r = fromWhere({
      name: { $regex: 'x', $options: 'im' },
      loc: { $maxDistanceInMiles: 3, $nearSphere: geo(5, 6) },
    });
    expect(r).toEqual({
      ok: true,
      model: and(
        cond('name', 'regex', { pattern: 'x', options: 'im' }),
        cond('loc', 'nearSphere', { point: geo(5, 6), max: { unit: 'Miles', distance: 3 } }),
      ),
    });
  });

  it('refuses what the API would refuse, with its message', () => {
    expect(fromWhere({ a: { $bogus: 1 } })).toEqual({ ok: false, message: 'unknown operator $bogus on "a"' });
    expect(fromWhere([1])).toMatchObject({ ok: false });
    expect(fromWhere({ $or: [] })).toMatchObject({ ok: false, message: expect.stringMatching(/\$or/) });
  });

  it('leaves to raw JSON a where the builder has no form for', () => {
    const r = fromWhere({ store: { $notInQuery: { className: 'Store', where: {} } } });
    expect(r).toEqual({ ok: false, message: 'The builder cannot show $notInQuery (on "store").' });
  });
});

// ---------------------------------------------------------------------------------------------
// Round trip: any model's where is read back into a model with the same where.

const field = fc.constantFrom('a', 'b', 'price', 'tags', 'loc');
const scalar = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 5 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(date),
  fc.constant(pointer),
);
const point = fc.record({
  __type: fc.constant('GeoPoint'),
  latitude: fc.integer({ min: -90, max: 90 }),
  longitude: fc.integer({ min: -180, max: 180 }),
});
const subWhere = fc.constantFrom({}, { open: true }, { n: { $gt: 1 } });
const condition: fc.Arbitrary<Condition> = fc.oneof(
  fc
    .tuple(field, fc.constantFrom('eq', 'ne', 'lt', 'lte', 'gt', 'gte'), scalar)
    .map(([f, o, v]) => cond(f, o as Condition['operator'], v)),
  fc
    .tuple(field, fc.constantFrom('in', 'nin', 'all'), fc.array(scalar, { maxLength: 3 }))
    .map(([f, o, v]) => cond(f, o as Condition['operator'], v)),
  fc.tuple(field, fc.nat(5)).map(([f, n]) => cond(f, 'size', n)),
  fc.tuple(field, fc.boolean()).map(([f, b]) => cond(f, 'exists', b)),
  fc
    .tuple(field, fc.string({ maxLength: 4 }), fc.constantFrom('', 'i', 'ms'))
    .map(([f, pattern, options]) => cond(f, 'regex', { pattern, options })),
  fc.tuple(field, subWhere).map(([f, where]) => cond(f, 'inQuery', { className: 'Store', where })),
  fc
    .tuple(field, fc.constantFrom('select', 'dontSelect'), subWhere)
    .map(([f, o, where]) => cond(f, o as Condition['operator'], { className: 'Store', where, key: 'k' })),
  fc
    .tuple(field, point, fc.option(fc.nat(100), { nil: undefined }))
    .map(([f, p, d]) =>
      cond(
        f,
        'nearSphere',
        d === undefined ? { point: p } : { point: p, max: { unit: 'Radians', distance: d } },
      ),
    ),
  fc
    .tuple(field, point, point)
    .map(([f, southwest, northeast]) => cond(f, 'within', { southwest, northeast })),
  fc.constant(cond('$relatedTo', 'relatedTo', { object: pointer, key: 'likes' })),
);
const { node } = fc.letrec<{ node: QueryNode; group: Group }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, condition, tie('group')),
  group: fc.record({
    kind: fc.constant('group' as const),
    join: fc.constantFrom('and' as const, 'or' as const),
    children: fc.array(tie('node'), { maxLength: 4 }),
  }),
}));
const model = fc
  .record({
    join: fc.constantFrom('and' as const, 'or' as const),
    children: fc.array(node, { maxLength: 4 }),
  })
  .map((g): Group => ({ kind: 'group', ...g }));

describe('round trip', () => {
  it('every model gives a where the API accepts, read back into a model with the same where', () => {
    fc.assert(
      fc.property(model, (m) => {
        const w = toWhere(m);
        expect(() => parseWhere(w)).not.toThrow();
        const back = fromWhere(w);
        if (!back.ok) throw new Error(back.message);
        expect(toWhere(back.model)).toEqual(w);
      }),
      { numRuns: 300 },
    );
  });
});
