import fc from 'fast-check';
import { validDate, validGeo, validPointer, validValue } from './bodies';
import { FUZZ_CLASS, FUZZ_TARGET_CLASS, fromEntries, seededId } from './common';
import { anyNumber, anyString } from './primitives';
import { isoDate } from './values';
import { wildWhere } from './where-wild';

// ---------------------------------------------------------------------------------------------
// where: valid clauses, and the where object and parameter the requests carry

const cmpOp = fc.constantFrom('$ne', '$lt', '$lte', '$gt', '$gte');

/** Conditions on a field whose values come from `v`: equality, comparisons, lists, $exists. */
function conditionsOn(v: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: v },
    {
      weight: 3,
      arbitrary: fc.array(fc.tuple(cmpOp, v), { minLength: 1, maxLength: 2 }).map((e) => fromEntries(e)),
    },
    { weight: 2, arbitrary: fc.record({ $in: fc.array(v, { maxLength: 4 }) }) },
    { weight: 1, arbitrary: fc.record({ $nin: fc.array(v, { maxLength: 4 }) }) },
    { weight: 1, arbitrary: fc.record({ $exists: fc.boolean() }) },
  );
}

const validPattern = fc.oneof(
  fc.constantFrom('^h', 'o$', 'hel+o', '\\d+', '.*', '^$', '[a-z]+', '(a|b)c?', 'é', 'HELLO', '\\bhello\\b'),
  fc.stringMatching(/^[a-z.*^$]{0,6}$/),
);

interface ValidWhereArbs {
  where: Record<string, unknown>;
}

/** A where Doc 1 accepts, over the seeded fields, with values of their types. */
const { where: validWhere } = fc.letrec<ValidWhereArbs>((tie) => {
  const subQuery = fc.record({ className: fc.constant(FUZZ_TARGET_CLASS), where: tie('where') });
  const clause: fc.Arbitrary<[string, unknown]> = fc.oneof(
    { maxDepth: 2, depthIdentifier: 'validWhere' },
    fc.tuple(fc.constantFrom('s', 'obj.y.z', 'tags'), conditionsOn(anyString)),
    fc.tuple(fc.constantFrom('n', 'f', 'obj.x', 'arr'), conditionsOn(anyNumber)),
    fc.tuple(fc.constant('b'), conditionsOn(fc.boolean())),
    fc.tuple(fc.constantFrom('when', 'createdAt', 'updatedAt'), conditionsOn(validDate)),
    fc.tuple(fc.constantFrom('createdAt', 'updatedAt'), conditionsOn(isoDate)),
    fc.tuple(fc.constant('objectId'), conditionsOn(fc.oneof(seededId('ids'), anyString))),
    fc.tuple(fc.constant('ptr'), conditionsOn(validPointer)),
    fc.tuple(fc.constant('arr'), fc.record({ $all: fc.array(validValue, { maxLength: 3 }) })),
    fc.tuple(fc.constantFrom('arr', 'tags'), fc.record({ $size: fc.nat(5) })),
    fc.tuple(
      fc.constantFrom('s', 'tags', 'objectId'),
      fc.record(
        { $regex: validPattern, $options: fc.constantFrom('', 'i', 'm', 's', 'x', 'imsx') },
        { requiredKeys: ['$regex'] },
      ),
    ),
    fc.tuple(
      fc.constant('loc'),
      fc.oneof(
        fc.record(
          {
            $nearSphere: validGeo,
            $maxDistanceInKilometers: fc.double({ min: 0, max: 20000, noNaN: true }),
          },
          { requiredKeys: ['$nearSphere'] },
        ),
        fc.record({
          $nearSphere: validGeo,
          $maxDistanceInMiles: fc.double({ min: 0, max: 20000, noNaN: true }),
        }),
        fc.record({
          $nearSphere: validGeo,
          $maxDistanceInRadians: fc.double({ min: 0, max: 4, noNaN: true }),
        }),
        fc.record({ $within: fc.record({ $box: fc.tuple(validGeo, validGeo) }) }),
      ),
    ),
    fc.tuple(fc.constant('ptr'), fc.record({ $inQuery: subQuery })),
    fc.tuple(fc.constant('ptr'), fc.record({ $notInQuery: subQuery })),
    fc.tuple(fc.constant('n'), fc.record({ $select: fc.record({ query: subQuery, key: fc.constant('n') }) })),
    fc.tuple(
      fc.constant('s'),
      fc.record({ $dontSelect: fc.record({ query: subQuery, key: fc.constant('name') }) }),
    ),
    fc.tuple(
      fc.constantFrom('$or', '$and'),
      fc.array(tie('where'), { minLength: 1, maxLength: 3, depthIdentifier: 'validWhere' }),
    ),
    fc.tuple(
      fc.constant('$relatedTo'),
      fc.record({
        object: seededId('ids').map((objectId) => ({ __type: 'Pointer', className: FUZZ_CLASS, objectId })),
        key: fc.constant('rel'),
      }),
    ),
  );
  return {
    where: fc.array(clause, { maxLength: 3, depthIdentifier: 'validWhere' }).map((e) => fromEntries(e)),
  };
});

/** A where object: valid, valid with one bad clause, or anything. */
export const whereObject: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 4, arbitrary: validWhere },
  {
    weight: 2,
    arbitrary: fc
      .tuple(validWhere, wildWhere)
      .map(([valid, wild]) => fromEntries([...Object.entries(valid), ...Object.entries(wild).slice(0, 1)])),
  },
  { weight: 2, arbitrary: wildWhere },
);

/** The `where` query parameter: JSON of a where object, other JSON, or text that is not JSON. */
export const whereParam: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 10, arbitrary: whereObject.map((w) => JSON.stringify(w)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: anyString },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        'null',
        '[]',
        '[{}]',
        '"x"',
        '1',
        'true',
        '{"$or":{}}',
        '{"$or":[]}',
        '{"$and":[]}',
        '{"$and":[{}]}',
        '{"n":{"$in":3}}',
        '{"s":{"$regex":5}}',
        '{"s":{"$regex":"("}}',
        '{"s":{"$regex":"a","$options":"zz"}}',
        '{"s":{"$exists":"yes"}}',
        '{"arr":{"$size":-1}}',
        '{"loc":{"$nearSphere":"here"}}',
        '{"loc":{"$within":5}}',
        '{"s":{"$select":5}}',
        '{"ptr":{"$inQuery":[]}}',
        '{"$relatedTo":1}',
        '{"a":{}}',
        '{"a":{"$foo":1}}',
        '{"":1}',
        '{"s":"\\u0000"}',
        '{"s":{"$regex":"\\u0000"}}',
        '{"s":"\\ud800"}',
        '{"s\\u0000":1}',
        '{"createdAt":{"$gt":"0000-01-01T00:00:00Z"}}',
        '{"createdAt":{"$gt":{"__type":"Date","iso":"0000-01-01T00:00:00.000Z"}}}',
        '{"n":{"$gt":1e400}}',
        '{"arr":{"$size":1e20}}',
      ),
    },
    {
      weight: 1,
      arbitrary: whereObject
        .map((w) => JSON.stringify(w))
        .chain((s) => fc.nat({ max: Math.max(0, s.length - 1) }).map((n) => s.slice(0, n))),
    },
  )
  // Node refuses request lines over 16 KB before the server sees them.
  .filter((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '?')).length < 9000);
