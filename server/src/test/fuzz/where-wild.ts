import fc from 'fast-check';
import { FUZZ_CLASS, FUZZ_TARGET_CLASS, fromEntries, SEED_FIELDS } from './common';
import type { Entries } from './common';
import { anyNumber, anyString, junk, keyName } from './primitives';
import { regexOptions, regexPattern } from './regex';
import { encodedValue, geoLike, isoLike, pointerLike, scalarValue } from './values';

// ---------------------------------------------------------------------------------------------
// where

export const whereFieldName: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      ...SEED_FIELDS,
      'obj.x',
      'obj.y.z',
      'arr.0',
      'objectId',
      'createdAt',
      'updatedAt',
      'ACL',
      'missing',
      'loc.latitude',
    ),
  },
  { weight: 2, arbitrary: keyName },
  { weight: 1, arbitrary: anyString },
);

const whereOperand: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalarValue },
  { weight: 2, arbitrary: encodedValue },
  { weight: 1, arbitrary: isoLike },
  { weight: 1, arbitrary: junk },
  {
    weight: 1,
    arbitrary: fc.constantFrom('hello', 42, true, [1, 'a'], { x: 1 }, 'HELLO', 'a'.repeat(2000)),
  },
);

const distanceCap = fc.constantFrom(
  '$maxDistanceInMiles',
  '$maxDistanceInKilometers',
  '$maxDistanceInRadians',
  '$maxDistance',
);

const unknownOperator = fc.oneof(
  fc.constantFrom(
    '$foo',
    '$',
    '$$',
    '$eq',
    '$not',
    '$regex ',
    '$IN',
    '$elemMatch',
    '$text',
    '$where',
    '$type',
    '$mod',
  ),
  anyString.map((s) => `$${s}`),
);

interface WhereArbs {
  where: Record<string, unknown>;
  ops: Record<string, unknown>;
  subQuery: unknown;
}

const { where: wildWhere, ops: operatorObject } = fc.letrec<WhereArbs>((tie) => {
  const entry = (name: fc.Arbitrary<string>, v: fc.Arbitrary<unknown>) =>
    fc.tuple(name, v).map((e): Entries => [e]);
  const opEntries: fc.Arbitrary<Entries> = fc.oneof(
    { weight: 3, arbitrary: entry(fc.constantFrom('$ne', '$lt', '$lte', '$gt', '$gte'), whereOperand) },
    {
      weight: 2,
      arbitrary: entry(
        fc.constantFrom('$in', '$nin', '$all'),
        fc.oneof(fc.array(whereOperand, { maxLength: 4 }), whereOperand),
      ),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(regexPattern, fc.option(regexOptions, { nil: undefined })).map(([p, o]): Entries =>
        o === undefined
          ? [['$regex', p]]
          : [
              ['$regex', p],
              ['$options', o],
            ],
      ),
    },
    { weight: 1, arbitrary: entry(fc.constant('$options'), regexOptions) },
    { weight: 1, arbitrary: entry(fc.constant('$exists'), fc.oneof(fc.boolean(), junk)) },
    {
      weight: 1,
      arbitrary: entry(
        fc.constant('$size'),
        fc.oneof(fc.nat(5), fc.constantFrom(-1, 1.5, 2 ** 31, 2 ** 53, 1e20, 1e308), junk),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(geoLike, fc.option(fc.tuple(distanceCap, fc.oneof(anyNumber, junk)), { nil: undefined }))
        .map(([g, cap]): Entries => (cap ? [['$nearSphere', g], cap] : [['$nearSphere', g]])),
    },
    { weight: 1, arbitrary: entry(distanceCap, fc.oneof(anyNumber, junk)) },
    {
      weight: 1,
      arbitrary: entry(
        fc.constant('$within'),
        fc.oneof(
          fc.record({
            $box: fc.oneof(fc.tuple(geoLike, geoLike), fc.array(geoLike, { maxLength: 3 }), junk),
          }),
          junk,
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: entry(
        fc.constantFrom('$select', '$dontSelect'),
        fc.oneof(
          fc.record({ query: tie('subQuery'), key: fc.oneof(whereFieldName, junk) }, { requiredKeys: [] }),
          junk,
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: entry(fc.constantFrom('$inQuery', '$notInQuery'), fc.oneof(tie('subQuery'), junk)),
    },
    { weight: 1, arbitrary: entry(unknownOperator, junk) },
  );
  const clause: fc.Arbitrary<Entries> = fc.oneof(
    { weight: 6, arbitrary: entry(whereFieldName, fc.oneof(whereOperand, tie('ops'))) },
    {
      weight: 2,
      arbitrary: entry(
        fc.constantFrom('$or', '$and'),
        fc.oneof(
          { weight: 3, arbitrary: fc.array(tie('where'), { maxLength: 3, depthIdentifier: 'where' }) },
          { weight: 1, arbitrary: fc.constantFrom({}, [], [null], [[]], 'x', 1) },
          { weight: 1, arbitrary: junk },
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: entry(
        fc.constant('$relatedTo'),
        fc.oneof(
          fc.record({ object: pointerLike, key: fc.oneof(keyName, junk) }, { requiredKeys: [] }),
          junk,
        ),
      ),
    },
    { weight: 1, arbitrary: entry(fc.constantFrom('$foo', '$nor', '$text', '$where', '$', '$or '), junk) },
  );
  return {
    where: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'where' },
      fc.constant({}),
      fc
        .array(clause, { minLength: 1, maxLength: 4, depthIdentifier: 'where' })
        .map((list) => fromEntries(list.flat())),
    ),
    ops: fc.array(opEntries, { minLength: 1, maxLength: 3 }).map((list) => fromEntries(list.flat())),
    subQuery: fc.oneof(
      fc.record(
        {
          className: fc.oneof(fc.constantFrom(FUZZ_CLASS, FUZZ_TARGET_CLASS, 'NoSuchClass', '_User'), junk),
          where: fc.oneof(tie('where'), junk),
          limit: junk,
        },
        { requiredKeys: [] },
      ),
      junk,
    ),
  };
});

export { wildWhere, operatorObject };
