import fc from 'fast-check';
import { FUZZ_CLASS, FUZZ_TARGET_CLASS, fromEntries, seededId } from './common';
import { anyNumber, anyString, junk, keyName, longString, objectIdLike, specialNumber } from './primitives';

// ---------------------------------------------------------------------------------------------
// Encoded types (right and wrong members)

export const isoDate = fc
  .date({ min: new Date(-62_000_000_000_000), max: new Date(250_000_000_000_000), noInvalidDate: true })
  .map((d) => d.toISOString());

export const isoLike: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: isoDate },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0000-01-01T00:00:00Z',
      '0000-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '2020-02-30T00:00:00.000Z',
      '2020-01-01T25:00:00.000Z',
      '2020-01-01T00:00:00.000+99:99',
      '2020-01-01T00:00:00',
      '2020-01-01T',
      '2020-01-01',
      '1970-01-01T00:00:00.000Z',
      '2024-06-01T12:00:00.123456789Z',
      '2024-06-01T12:00:00.000-14:00',
      '2024-06-01T12:00:00.000 garbage',
      '9999-99-99T99:99:99.999Z',
    ),
  },
  { weight: 1, arbitrary: junk },
);

function withExtras(base: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    { weight: 4, arbitrary: base },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, fc.dictionary(keyName, junk, { maxKeys: 2 }))
        .map(([b, extra]) => ({ ...extra, ...b })),
    },
  );
}

const geoPoint = (lat: fc.Arbitrary<unknown>, lng: fc.Arbitrary<unknown>) =>
  fc.record({ __type: fc.constant('GeoPoint'), latitude: lat, longitude: lng }, { requiredKeys: ['__type'] });

export const geoLike: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: geoPoint(
      fc.double({ min: -90, max: 90, noNaN: true }),
      fc.double({ min: -180, max: 180, noNaN: true }),
    ),
  },
  {
    weight: 2,
    arbitrary: geoPoint(
      fc.oneof(anyNumber, fc.constantFrom(90.0001, -91, 1e308), junk),
      fc.oneof(anyNumber, fc.constantFrom(180.0001, -181, 1e308), junk),
    ),
  },
  { weight: 1, arbitrary: junk },
);

export const pointerLike: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record(
      {
        __type: fc.constant('Pointer'),
        className: fc.oneof(
          fc.constantFrom(FUZZ_TARGET_CLASS, FUZZ_CLASS, '_User', '_Role', 'NoSuchClass', 'bad-name', ''),
          junk,
        ),
        objectId: fc.oneof(seededId('targetIds'), objectIdLike, junk),
      },
      { requiredKeys: ['__type'] },
    ),
  },
  { weight: 1, arbitrary: junk },
);

export const encodedValue: fc.Arbitrary<unknown> = withExtras(
  fc.oneof(
    fc.record({ __type: fc.constant('Date'), iso: isoLike }, { requiredKeys: ['__type'] }),
    fc.record(
      {
        __type: fc.constant('Bytes'),
        base64: fc.oneof(
          fc.base64String({ maxLength: 40 }),
          fc.constantFrom('', '=', '====', 'a', 'abc', 'YW Jj', 'YWJj\n', '!!!', 'YWJj=x', '%%%'),
          junk,
        ),
      },
      { requiredKeys: ['__type'] },
    ),
    pointerLike.filter(
      (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v),
    ),
    fc.record(
      { __type: fc.constant('File'), id: fc.oneof(objectIdLike, junk), url: junk },
      { requiredKeys: ['__type'] },
    ),
    geoLike.filter(
      (v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v),
    ),
    fc.record(
      { __type: fc.constant('Relation'), className: fc.oneof(fc.constant(FUZZ_TARGET_CLASS), junk) },
      { requiredKeys: ['__type'] },
    ),
    fc.record({
      __type: fc.oneof(
        fc.constantFrom('Unknown', 'date', 'pointer', 'Object', 'Array', '', 'ACL', 'Decimal', 'Bytes '),
        junk,
      ),
      value: junk,
    }),
  ),
);

// ---------------------------------------------------------------------------------------------
// Values and atomic operations

export const scalarValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 3, arbitrary: anyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

const { value: storableValue } = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'value' },
    { weight: 5, arbitrary: scalarValue },
    { weight: 3, arbitrary: encodedValue },
    { weight: 2, arbitrary: tie('array') },
    { weight: 2, arbitrary: tie('object') },
  ),
  array: fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'value' }),
  object: fc.dictionary(keyName, tie('value'), { maxKeys: 4, depthIdentifier: 'value' }),
}));

export { storableValue };

const objectsArray = fc.oneof(
  { weight: 3, arbitrary: fc.array(storableValue, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(pointerLike, { maxLength: 3 }) },
  { weight: 1, arbitrary: junk },
);

export const atomicOp: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.record(
    { __op: fc.constant('Delete'), delete: fc.oneof(fc.constant(true), junk) },
    { requiredKeys: ['__op'] },
  ),
  fc.record(
    { __op: fc.constantFrom('Increment', 'Decrement'), amount: fc.oneof(anyNumber, junk) },
    { requiredKeys: ['__op'] },
  ),
  fc.record(
    { __op: fc.constantFrom('Add', 'AddUnique', 'Remove'), objects: objectsArray },
    { requiredKeys: ['__op'] },
  ),
  fc.record(
    {
      __op: fc.constantFrom('AddRelation', 'RemoveRelation'),
      objects: fc.oneof(fc.array(pointerLike, { maxLength: 3 }), objectsArray),
    },
    { requiredKeys: ['__op'] },
  ),
  fc.record(
    {
      __op: fc.constantFrom('BitAnd', 'BitOr', 'BitXor'),
      value: fc.oneof(fc.integer(), specialNumber, fc.double({ noNaN: true, noDefaultInfinity: true }), junk),
    },
    { requiredKeys: ['__op'] },
  ),
  fc.record(
    {
      __op: fc.constant('Batch'),
      ops: fc.array(
        fc.record({
          __op: fc.constantFrom('Add', 'Remove', 'Increment', 'Foo'),
          objects: objectsArray,
          amount: junk,
        }),
        { maxLength: 3 },
      ),
    },
    { requiredKeys: ['__op'] },
  ),
  fc.record({
    __op: fc.oneof(
      fc.constantFrom('Foo', '', 'increment', 'SetOnInsert', 'Set', 'delete', '__proto__', 'toString'),
      junk,
    ),
    objects: junk,
    amount: junk,
  }),
);

export const aclValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    { '*': { read: true, write: true } },
    { '*': { read: true } },
    {},
    { '*': { read: false } },
    { 'role:admin': { read: true } },
    { '*': { read: 'yes' } },
    { '*': { execute: true } },
    { '*': true },
    { 'role:': { read: true } },
    { 'bad key!': { read: true } },
    { __op: 'Delete' },
  ),
  fc.dictionary(
    fc.oneof(fc.constantFrom('*', 'role:r1', 'user1'), anyString),
    fc.oneof(
      fc.dictionary(fc.oneof(fc.constantFrom('read', 'write'), anyString), junk, { maxKeys: 3 }),
      junk,
    ),
    { maxKeys: 3 },
  ),
  junk,
);

/** A body entry with any key and any value or operation. */
export const wildEntry: fc.Arbitrary<[string, unknown]> = fc.tuple(
  keyName,
  fc.oneof(
    { weight: 5, arbitrary: storableValue },
    { weight: 3, arbitrary: atomicOp },
    { weight: 1, arbitrary: longString },
    { weight: 1, arbitrary: junk },
  ),
);

/** A create / update body with any keys, values and operations, mostly invalid. */
export const wildBody: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(fc.array(wildEntry, { maxLength: 6 }), fc.option(aclValue, { nil: undefined, freq: 4 }))
  .map(([entries, acl]) => {
    const body = fromEntries(entries);
    if (acl !== undefined) body.ACL = acl;
    return body;
  });
