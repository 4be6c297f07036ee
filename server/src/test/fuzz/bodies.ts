import fc from 'fast-check';
import { FUZZ_TARGET_CLASS, fromEntries, seededId } from './common';
import { anyNumber, anyString, longString, validName } from './primitives';
import { aclValue, isoDate, scalarValue, wildBody, wildEntry } from './values';

// ---------------------------------------------------------------------------------------------
// Valid bodies (so that most requests reach the database, where the 500s hide)

export const validDate = isoDate.map((iso) => ({ __type: 'Date', iso }));
export const validPointer = seededId('targetIds').map((objectId) => ({
  __type: 'Pointer',
  className: FUZZ_TARGET_CLASS,
  objectId,
}));
export const validGeo = fc.record({
  __type: fc.constant('GeoPoint'),
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});
const validBytes = fc.base64String({ maxLength: 40 }).map((base64) => ({ __type: 'Bytes', base64 }));
const validFile = fc.stringMatching(/^[0-9a-f]{24}$/).map((id) => ({ __type: 'File', id }));

/** Keys allowed inside object values: anything without '$' or '.', except the encoded-type markers. */
const nestedKey = fc.oneof(
  { weight: 3, arbitrary: validName },
  {
    weight: 1,
    arbitrary: anyString.filter(
      (k) => !k.includes('$') && !k.includes('.') && k !== '__type' && k !== '__op',
    ),
  },
);

const { value: validValue } = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'valid' },
    { weight: 5, arbitrary: scalarValue },
    { weight: 2, arbitrary: fc.oneof(validDate, validPointer, validGeo, validBytes, validFile) },
    { weight: 2, arbitrary: tie('array') },
    { weight: 2, arbitrary: tie('object') },
  ),
  array: fc.array(tie('value'), { maxLength: 4, depthIdentifier: 'valid' }),
  object: fc
    .array(fc.tuple(nestedKey, tie('value')), { maxLength: 4, depthIdentifier: 'valid' })
    .map((e) => fromEntries(e)),
}));

export { validValue };

const validObject = fc.array(fc.tuple(nestedKey, validValue), { maxLength: 4 }).map((e) => fromEntries(e));

/** Values of the seeded fields, of the type the class already recorded for them. */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  s: fc.oneof({ weight: 6, arbitrary: anyString }, { weight: 1, arbitrary: longString }),
  n: anyNumber,
  f: anyNumber,
  b: fc.boolean(),
  arr: fc.array(validValue, { maxLength: 4 }),
  tags: fc.array(anyString, { maxLength: 4 }),
  obj: validObject,
  'obj.x': validValue,
  'obj.y.z': validValue,
  when: validDate,
  ptr: validPointer,
  loc: validGeo,
  bytes: validBytes,
  nul: fc.constant(null),
  file: validFile,
  count: fc.integer(),
};

const validOp: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(
    fc.constantFrom('n', 'f', 'count'),
    fc.record(
      { __op: fc.constantFrom('Increment', 'Decrement'), amount: anyNumber },
      { requiredKeys: ['__op'] },
    ),
  ),
  fc.tuple(
    fc.constantFrom('arr', 'tags'),
    fc.record({
      __op: fc.constantFrom('Add', 'AddUnique', 'Remove'),
      objects: fc.array(validValue, { maxLength: 3 }),
    }),
  ),
  fc.tuple(
    fc.constantFrom('count'),
    fc.record({
      __op: fc.constantFrom('BitAnd', 'BitOr', 'BitXor'),
      value: fc.oneof(fc.integer(), fc.constantFrom(2 ** 53 - 1, -(2 ** 53))),
    }),
  ),
  fc.tuple(
    fc.constantFrom('rel'),
    fc.record({
      __op: fc.constantFrom('AddRelation', 'RemoveRelation'),
      objects: fc.array(validPointer, { maxLength: 3 }),
    }),
  ),
  fc.tuple(fc.constantFrom(...Object.keys(FIELD_VALUES)), fc.constant({ __op: 'Delete' })),
);

const validAcl = fc.dictionary(
  fc.constantFrom('*', 'role:admin', 'someUserId'),
  fc.record({ read: fc.constant(true), write: fc.constant(true) }, { requiredKeys: [] }),
  { maxKeys: 2 },
);

const validEntry: fc.Arbitrary<[string, unknown]> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.oneof(
      ...Object.entries(FIELD_VALUES).map(([k, v]) => v.map((x): [string, unknown] => [k, x])),
    ),
  },
  { weight: 2, arbitrary: validOp },
  { weight: 1, arbitrary: fc.tuple(validName, validValue) },
);

/** A body Doc 1 accepts (up to a type conflict with what an earlier request stored). */
export const validBody: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.array(validEntry, { minLength: 1, maxLength: 5 }),
    fc.option(validAcl, { nil: undefined, freq: 5 }),
  )
  .map(([entries, acl]) => {
    const body = fromEntries(entries);
    if (acl !== undefined) body.ACL = acl;
    return body;
  });

/** A create / update body: valid, valid with one bad entry, or anything. */
export const objectBody: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 4, arbitrary: validBody },
  {
    weight: 2,
    arbitrary: fc
      .tuple(validBody, wildEntry)
      .map(([body, [k, v]]) => fromEntries([...Object.entries(body), [k, v]])),
  },
  { weight: 1, arbitrary: fc.tuple(validBody, aclValue).map(([body, acl]) => ({ ...body, ACL: acl })) },
  { weight: 2, arbitrary: wildBody },
);

/** Deeply nested arrays or objects. */
export function nestedJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const numberLiteral = fc.constantFrom(
  '1e400',
  '-1e400',
  '-0',
  '0.0000000000000000000000000000000000001',
  '123456789012345678901234567890',
  '1E5',
  '1e-400',
  '00',
  '01',
  '+1',
  '.5',
  '5.',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
);

/** A body as bytes on the wire: JSON objects, other JSON values, and things that are not JSON. */
export const rawBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { weight: 20, arbitrary: objectBody.map((b) => JSON.stringify(b)) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '[]',
      '[{}]',
      '"str"',
      'null',
      '123',
      'true',
      '{',
      '}',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      '{"a":1}garbage',
      '{"a":1}{"b":2}',
      '{a:1}',
      '\u0000',
      '\ufeff{"a":1}',
      '{"a":NaN}',
      '{"a":undefined}',
      '{"__proto__":{"polluted":1}}',
      '{"obj":{"__proto__":{"polluted":1}}}',
      '{"a":"\\ud800"}',
      '{"a":"\\udc00x"}',
      '{"a":"\\u0000"}',
      '{"a\\u0000":1}',
      '{"obj":{"k\\u0000":1}}',
      '{"a":"\\x41"}',
      '{"a":"\\uZZZZ"}',
      '{"a":1,"a":"dup"}',
      '{"__type":"Date","iso":"2020-01-01T00:00:00.000Z"}',
      '{"__op":"Delete"}',
    ),
  },
  { weight: 2, arbitrary: numberLiteral.map((n) => `{"n":${n}}`) },
  {
    weight: 2,
    arbitrary: objectBody
      .map((b) => JSON.stringify(b))
      .chain((s) => fc.nat({ max: Math.max(0, s.length - 1) }).map((n) => s.slice(0, n))),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 10, max: 3000 }), fc.constantFrom('array' as const, 'object' as const))
      .map(([d, k]) => `{"deep":${nestedJson(d, k)}}`),
  },
);
