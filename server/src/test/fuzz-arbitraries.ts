import fc from 'fast-check';
import type { AuthMode } from './harness';

/**
 * Generators for the API fuzz test (fuzz.test.ts): request bodies, `where` clauses, query
 * parameters, paths and credentials, each a mix of valid input and the malformed kinds Doc 1
 * must answer with a 4xx: bad JSON, wrong member types, unknown operators, invalid names.
 */

/** One request as sent on the wire. `path` is already encoded and may carry a query string. */
export interface FuzzRequest {
  /** Which generator made it (groups failures in survey mode). */
  kind: string;
  method: string;
  path: string;
  query?: Record<string, string>;
  auth: AuthMode;
  headers?: Record<string, string>;
  /** Raw body; a byte array for bodies that are not valid UTF-8. */
  body?: string | Uint8Array;
}

/** Classes the fuzz writes to; seeded objects live in `FUZZ_CLASS` and `FUZZ_PATH_CLASS`. */
export const FUZZ_CLASS = 'Fuzz';
export const FUZZ_OTHER_CLASS = 'FuzzOther';
export const FUZZ_PATH_CLASS = 'FuzzPath';
export const FUZZ_TARGET_CLASS = 'FuzzTarget';
export const FUZZ_DEEP_CLASS = 'FuzzDeep';

/** Fields the seeded objects carry, so `where`, `order`, `keys` and `include` meet real values. */
export const SEED_FIELDS = ['s', 'n', 'f', 'b', 'arr', 'obj', 'when', 'ptr', 'loc', 'bytes', 'nul', 'tags'];

/** The ids of seeded objects, filled in by the test before any generator runs. */
export const seeded = {
  ids: [] as string[],
  pathIds: [] as string[],
  targetIds: [] as string[],
  /** Scan cursors of FUZZ_CLASS (empty while the server has no scan). */
  cursors: [] as string[],
};

/** One of the seeded ids, read when a value is generated (the arbitraries are built before seeding). */
const seededId = (which: keyof typeof seeded) =>
  fc.constant(which).chain((w) => (seeded[w].length ? fc.constantFrom(...seeded[w]) : fc.constant('none')));

// ---------------------------------------------------------------------------------------------
// Strings and numbers

const WEIRD_CHARS = [
  '\u0000',
  '\u0001',
  '\ud800',
  '\udc00',
  '\uffff',
  '\ufeff',
  '\u200b',
  '\u2028',
  'é',
  'ß',
  '中',
  '😀',
  '\n',
  '\r',
  '\t',
  ' ',
  '"',
  "'",
  '`',
  '\\',
  '/',
  '%',
  '$',
  '.',
  '-',
  '_',
  '?',
  '#',
  '&',
  '=',
  '+',
  ',',
  ';',
  ':',
  '*',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '|',
  '^',
  '~',
  '<',
  '>',
  '@',
  '!',
  'a',
  'Z',
  '0',
  '9',
];

const weirdChar = fc.constantFrom(...WEIRD_CHARS);

/** Strings of every kind, kept short (long strings have their own generator). */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: weirdChar, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'undefined',
      'true',
      '0',
      '-1',
      'NaN',
      'Infinity',
      '1e309',
      '__proto__',
      'constructor',
      '\u0000',
      '\ud800',
      "'; DROP TABLE x; --",
      '%00',
      '%zz',
      '../..',
    ),
  },
);

/** Long strings, for bodies (not for URLs, whose size Node caps at 16 KB). */
export const longString = fc
  .tuple(fc.integer({ min: 1000, max: 300_000 }), weirdChar)
  .map(([n, c]) => c.repeat(n));

export const specialNumber = fc.constantFrom(
  0,
  -0,
  1,
  -1,
  0.1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  1e20,
  123456789.12345679,
);

export const anyNumber: fc.Arbitrary<number> = fc.oneof(
  specialNumber,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A JSON scalar, or a small JSON value. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: anyString },
  { weight: 2, arbitrary: anyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [[]], [{}], { a: 1 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

// ---------------------------------------------------------------------------------------------
// Names

const validName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,15}$/);

/** Keys of create / update bodies: valid names, reserved names and names with odd characters. */
export const keyName: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...SEED_FIELDS, 'extra', 'x', 'y', 'count', 'score') },
  { weight: 1, arbitrary: validName },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '-a',
      'a-b',
      '$a',
      'a$',
      'a.b',
      'obj.x',
      'obj.y.z',
      'obj.x.q',
      's.x',
      'a..b',
      '.a',
      'a.',
      'a b',
      ' a',
      'é',
      '😀',
      '__type',
      '__op',
      'objectId',
      'createdAt',
      'updatedAt',
      'ACL',
      'sessionToken',
      '_a',
      '1a',
      '__proto__',
      'obj.__proto__',
      'constructor',
      'toString',
      'a\u0000',
      'x'.repeat(128),
      'x'.repeat(129),
      'authData',
      'authData.x',
    ),
  },
  { weight: 1, arbitrary: anyString },
);

/** Class names for writes: mostly the few fuzz classes, so the run does not create hundreds. */
export const writeClassName = fc.constantFrom(FUZZ_CLASS, FUZZ_CLASS, FUZZ_OTHER_CLASS);

const objectIdLike = fc.oneof(
  fc.constantFrom('', 'x', '0'.repeat(24), 'missingObject00000000000', 'a'.repeat(200)),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  anyString,
);

// ---------------------------------------------------------------------------------------------
// Encoded types (right and wrong members)

const isoDate = fc
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
const wildEntry: fc.Arbitrary<[string, unknown]> = fc.tuple(
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

// ---------------------------------------------------------------------------------------------
// Valid bodies (so that most requests reach the database, where the 500s hide)

export const validDate = isoDate.map((iso) => ({ __type: 'Date', iso }));
const validPointer = seededId('targetIds').map((objectId) => ({
  __type: 'Pointer',
  className: FUZZ_TARGET_CLASS,
  objectId,
}));
const validGeo = fc.record({
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

// ---------------------------------------------------------------------------------------------
// Headers

/** A header value Node will send: tab, printable ASCII and Latin-1 only. */
export function headerSafe(s: string): string {
  return s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

export const headerValue = fc
  .oneof(anyString, fc.string({ unit: 'grapheme-ascii', maxLength: 60 }))
  .map(headerSafe);

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'text/plain; charset=utf-8',
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json; charset=bogus',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      '',
      '*/*',
      ';;;',
      'application/json;',
      'APPLICATION/JSON',
      'json',
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

// ---------------------------------------------------------------------------------------------
// where

const whereFieldName: fc.Arbitrary<string> = fc.oneof(
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

export const regexPattern: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '(',
      ')',
      '[',
      ']',
      '*',
      '+',
      '?',
      '\\',
      '{',
      'a{2,1}',
      'a{1000000}',
      'a{,5}',
      '[z-a]',
      '(?<n>a)',
      '(?P<n>a)',
      '\\k<x>',
      '(a)\\2',
      '\\p{L}',
      '\\P{Lu}',
      '(?=a)',
      '(?<=a)',
      '(?<!a)',
      '(?i)a',
      '(?#comment)',
      '\\u0000',
      '\u0000',
      '\\x{41}',
      '\\Q(\\E',
      '\\z',
      '\\Z',
      '\\A',
      '^.*$',
      '((a+)+)+b',
      '(a|aa)+$',
      '[[:alpha:]]',
      '[[:bogus:]]',
      '[[.a.]]',
      '[[=a=]]',
      'a**',
      'a{2}{3}',
      '\\',
      '$',
      '^',
      '|',
      '',
      'hel+o',
      '^h',
      'o$',
      '\\d+',
      '\\bhello\\b',
      '\\y',
      '\\m',
      '(*UTF8)a',
      '(?x) a b # c',
      '(?s).',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: weirdChar, maxLength: 8 }) },
  { weight: 1, arbitrary: junk },
);

const regexOptions = fc.oneof(
  fc.constantFrom('', 'i', 'm', 'x', 's', 'imxs', 'zz', 'g', 'u', 'I', 'ii'),
  junk,
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

type Entries = [string, unknown][];

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

/** Builds an object without letting "__proto__" change the prototype. */
function fromEntries(entries: Entries): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

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

export { operatorObject };

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

// ---------------------------------------------------------------------------------------------
// Query parameters

export const paramString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '-',
      '-1',
      '0',
      '1',
      '2',
      '1000',
      '1001',
      '99999999999999999999',
      '9223372036854775808',
      '1e3',
      '1.5',
      'abc',
      ',',
      ',,',
      '.',
      '..',
      'a.b',
      '-a,b',
      'objectId',
      '-createdAt',
      'n,-s',
      '-n,s,objectId',
      'obj.x',
      'obj.y.z',
      'ptr',
      'ptr.ptr',
      'ptr,arr',
      '-obj.x',
      'NaN',
      'Infinity',
      'true',
      'false',
      '0x10',
      ' 1',
      '+1',
      '--n',
      'n desc',
      'n;DROP',
      "s'",
      '"s"',
      '__proto__',
      '-__proto__',
      'constructor.prototype',
      'a'.repeat(300),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.boolean(), whereFieldName), { maxLength: 4 })
      .map((fs) => fs.map(([neg, f]) => (neg ? `-${f}` : f)).join(',')),
  },
  { weight: 1, arbitrary: anyString },
);

const fieldList = fc
  .array(
    fc.tuple(
      fc.boolean(),
      fc.constantFrom(...SEED_FIELDS, 'objectId', 'createdAt', 'updatedAt', 'obj.x', 'ptr.name'),
    ),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((fs) => fs.map(([neg, f]) => (neg ? `-${f}` : f)).join(','));

/** A query parameter: usually a valid value of its kind, sometimes anything. */
const param = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: paramString });

const includeList = fc.constantFrom('ptr', 'ptr.ptr', 'arr', 'ptr,arr', 'obj');
const limitValue = fc.integer({ min: 0, max: 1000 }).map(String);

export const queryParams: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    where: whereParam,
    order: param(fieldList),
    keys: param(fieldList),
    include: param(includeList),
    limit: param(limitValue),
    skip: param(fc.nat(10).map(String)),
    count: param(fc.constantFrom('1', '0', 'true')),
    returnACL: param(fc.constantFrom('true', 'false')),
    fetchWhenSave: param(fc.constantFrom('true', 'false', '1')),
  },
  { requiredKeys: [] },
);

/** GET /1.1/classes/<cls> queries: a `where` most of the time, other parameters sometimes. */
export const classQuery: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(FUZZ_CLASS, FUZZ_CLASS, FUZZ_CLASS, FUZZ_TARGET_CLASS, 'NoSuchClass'),
    fc.option(whereParam, { nil: undefined, freq: 8 }),
    fc.record(
      {
        order: param(fieldList),
        keys: param(fieldList),
        include: param(includeList),
        limit: param(limitValue),
        skip: param(fc.nat(10).map(String)),
        count: param(fc.constantFrom('1', '0', 'true')),
        returnACL: param(fc.constantFrom('true', 'false')),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom<AuthMode>('app', 'app', 'master'),
  )
  .map(([cls, where, rest, auth]): FuzzRequest => ({
    kind: 'query',
    method: 'GET',
    path: `/1.1/classes/${cls}`,
    query: where === undefined ? rest : { where, ...rest },
    auth,
  }));

// ---------------------------------------------------------------------------------------------
// Writes

/** A body and its Content-Type: mostly a JSON object sent as JSON, sometimes anything. */
const typedBody: fc.Arbitrary<[string | Uint8Array, string | undefined]> = fc.oneof(
  {
    weight: 3,
    arbitrary: objectBody.map((b): [string, string] => [JSON.stringify(b), 'application/json']),
  },
  { weight: 2, arbitrary: fc.tuple(rawBody, contentType) },
);

export const createRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    writeClassName,
    typedBody,
    fc.option(fc.record({ fetchWhenSave: paramString }, { requiredKeys: [] }), { nil: undefined, freq: 4 }),
    fc.constantFrom<AuthMode>('app', 'master'),
  )
  .map(([cls, [body, type], query, auth]): FuzzRequest => ({
    kind: 'create',
    method: 'POST',
    path: `/1.1/classes/${cls}`,
    ...(query ? { query } : {}),
    auth,
    headers: type === undefined ? {} : { 'Content-Type': type },
    body,
  }));

export const updateRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    seededId('ids'),
    typedBody,
    fc.option(fc.record({ where: whereParam, fetchWhenSave: paramString }, { requiredKeys: [] }), {
      nil: undefined,
      freq: 3,
    }),
    fc.constantFrom<AuthMode>('app', 'master'),
  )
  .map(([id, [body, type], query, auth]): FuzzRequest => ({
    kind: 'update',
    method: 'PUT',
    path: `/1.1/classes/${FUZZ_CLASS}/${id}`,
    ...(query ? { query } : {}),
    auth,
    headers: type === undefined ? {} : { 'Content-Type': type },
    body,
  }));

/** Cross-domain method override: POST text/plain with `_method` and credentials in the body. */
export const overrideRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'POST') },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom('get', 'PATCH', ''), junk) },
    ),
    fc.oneof({ weight: 4, arbitrary: fc.constant('test-app-id') }, { weight: 1, arbitrary: junk }),
    fc.oneof({ weight: 4, arbitrary: fc.constant('test-app-key') }, { weight: 1, arbitrary: junk }),
    fc.option(fc.oneof(fc.constant('test-master-key'), junk), { nil: undefined, freq: 4 }),
    objectBody,
    fc.constantFrom(
      `/1.1/classes/${FUZZ_CLASS}`,
      `/1.1/classes/${FUZZ_PATH_CLASS}/seed`,
      `/1.1/classes/${FUZZ_OTHER_CLASS}`,
      '/1.1/date',
      '/1.1/batch',
    ),
    fc.option(fc.tuple(fc.constantFrom('where', 'order', 'keys', 'limit'), fc.oneof(whereObject, junk)), {
      nil: undefined,
    }),
  )
  .map(([method, appId, appKey, master, fields, path, extra]): FuzzRequest => {
    const body: Record<string, unknown> = {
      ...fields,
      _method: method,
      _ApplicationId: appId,
      _ApplicationKey: appKey,
    };
    if (master !== undefined) body._MasterKey = master;
    if (extra) body[extra[0]] = extra[1];
    const realPath = path.endsWith('/seed') ? path.replace('seed', seeded.pathIds[0] ?? 'none') : path;
    return {
      kind: 'override',
      method: 'POST',
      path: realPath,
      auth: 'none' as const,
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(body),
    };
  });

// ---------------------------------------------------------------------------------------------
// Paths

/** Percent-encodes a path segment; a lone surrogate (which encodeURIComponent refuses) becomes U+FFFD. */
export function encodeSegment(s: string): string {
  return encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

const pathSegment: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      FUZZ_PATH_CLASS,
      FUZZ_TARGET_CLASS,
      'NoSuchClass',
      '_User',
      '_Role',
      '_Installation',
      '_Foo',
      '_',
      '1abc',
      'a',
      'A'.repeat(60),
      'A'.repeat(61),
      'files',
      'users',
      'me',
      '',
      '.',
      '..',
      '...',
      '%2F',
      '%2f',
      '%2e%2e',
      '..%2F..%2Fdate',
      '%00',
      '%zz',
      '%',
      '%E0%A4%A',
      '%C0%AF',
      '%FF',
      'a%20b',
      'a+b',
      'a;b',
      'a:b',
      '*',
      '~',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 400 }).map((n) => 'C'.repeat(n)) },
  { weight: 2, arbitrary: validName },
  { weight: 3, arbitrary: anyString.map(encodeSegment) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
  },
);

const pathTemplate = fc.oneof(
  { weight: 4, arbitrary: pathSegment.map((c) => `/1.1/classes/${c}`) },
  { weight: 4, arbitrary: fc.tuple(pathSegment, pathSegment).map(([c, id]) => `/1.1/classes/${c}/${id}`) },
  {
    weight: 2,
    arbitrary: fc.tuple(pathSegment, seededId('pathIds')).map(([c, id]) => `/1.1/classes/${c}/${id}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(pathSegment, pathSegment, pathSegment)
      .map(([a, b, c]) => `/1.1/classes/${a}/${b}/${c}`),
  },
  { weight: 1, arbitrary: pathSegment.map((c) => `/1.1/schemas/${c}`) },
  { weight: 1, arbitrary: pathSegment.map((c) => `/1.1/scan/classes/${c}`) },
  { weight: 1, arbitrary: pathSegment.map((c) => `/1.1/users/${c}`) },
  { weight: 1, arbitrary: pathSegment.map((c) => `/1.1/${c}`) },
  { weight: 1, arbitrary: pathSegment.map((c) => `/${c}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '/1.1/classes',
      '/1.1/classes/',
      `/1.1/classes/${FUZZ_PATH_CLASS}/`,
      `//1.1//classes//${FUZZ_PATH_CLASS}`,
      `/1.1/classes/${FUZZ_PATH_CLASS}/../../date`,
      '/1.1/classes/../date',
      '/1.1/./date',
      '/1.1/batch',
      '/1.1/batch/',
      '/1.1/date/',
      '/1.1/schemas',
      '/1.1/',
      '/1.1',
      '/',
      '/1.2/classes/x',
      '/1.1/classes?where=%7B',
      `/1.1/classes/${FUZZ_PATH_CLASS}?where=%7B&where=%7B%7D`,
      `/1.1/classes/${FUZZ_PATH_CLASS}?limit=1&limit=x`,
      `/1.1/classes/${FUZZ_PATH_CLASS}?%zz=1`,
      `/1.1/classes/${FUZZ_PATH_CLASS}?where[a]=1`,
      `/1.1/classes/${FUZZ_PATH_CLASS}#frag`,
      '*',
    ),
  },
);

export const pathRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom('GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
    pathTemplate,
    fc.constantFrom<AuthMode>('app', 'app', 'master', 'master', 'none'),
    fc.option(rawBody, { nil: undefined }),
  )
  .map(([method, path, auth, body]): FuzzRequest => ({
    kind: 'path',
    method,
    path,
    auth,
    ...(body !== undefined && method !== 'GET' && method !== 'DELETE'
      ? { body, headers: { 'Content-Type': 'application/json' } }
      : {}),
  }));

// ---------------------------------------------------------------------------------------------
// Authentication

const hex32 = fc.stringMatching(/^[0-9a-f]{32}$/);

const signValue = fc.oneof(
  fc
    .tuple(
      hex32,
      fc.oneof(fc.nat().map(String), fc.constantFrom('', '-1', '1e3', '99999999999999999', 'abc')),
    )
    .map(([h, t]) => `${h},${t}`),
  fc.tuple(hex32, fc.nat().map(String)).map(([h, t]) => `${h.toUpperCase()},${t},master`),
  fc.tuple(hex32, fc.nat().map(String)).map(([h, t]) => `${h},${t},master`),
  fc.tuple(hex32, fc.nat().map(String)).map(([h, t]) => `${h},${t},master,extra`),
  fc.constantFrom(
    '',
    ',',
    ',,',
    ',master',
    'abc',
    'abc,123',
    `${'0'.repeat(32)}`,
    `${'0'.repeat(32)},`,
    `${'0'.repeat(31)},1`,
    `${'g'.repeat(32)},1`,
    ` ${'0'.repeat(32)},1 `,
    `${'0'.repeat(32)},1,MASTER`,
  ),
  headerValue,
);

const keyValue = fc.oneof(
  fc.constantFrom(
    '',
    'test-app-key',
    'test-app-key,master',
    'test-master-key',
    'test-master-key,master',
    'test-master-key,master,master',
    'test-master-key, master',
    ',master',
    'master',
    'TEST-APP-KEY',
    'test-app-key ',
  ),
  headerValue,
);

const idValue = fc.oneof(
  fc.constantFrom('', 'test-app-id', 'TEST-APP-ID', 'test-app-id ', 'test'),
  headerValue,
);

export const authRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.record(
      {
        'X-LC-Id': idValue,
        'X-LC-Key': keyValue,
        'X-LC-Sign': signValue,
        'X-LC-Session': headerValue,
        'X-LC-Prod': fc.oneof(fc.constantFrom('0', '1'), headerValue),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom(
      ['GET', '/1.1/date'],
      ['GET', `/1.1/classes/${FUZZ_CLASS}`],
      ['GET', '/1.1/schemas'],
      ['POST', `/1.1/classes/${FUZZ_OTHER_CLASS}`],
      ['DELETE', `/1.1/classes/${FUZZ_OTHER_CLASS}/none`],
      ['GET', `/1.1/scan/classes/${FUZZ_CLASS}`],
      ['POST', '/1.1/batch'],
    ),
  )
  .map(([headers, [method = 'GET', path = '/']]): FuzzRequest => ({
    kind: 'auth',
    method,
    path,
    auth: 'none' as const,
    headers: method === 'POST' ? { ...headers, 'Content-Type': 'application/json' } : headers,
    ...(method === 'POST' ? { body: path.endsWith('batch') ? '{"requests":[]}' : '{"n":1}' } : {}),
  }));

// ---------------------------------------------------------------------------------------------
// Batch and scan

const batchPath = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      `/1.1/classes/${FUZZ_OTHER_CLASS}`,
      `/1.1/classes/${FUZZ_CLASS}`,
      `/1.1/classes/${FUZZ_OTHER_CLASS}/none`,
      `/1.1/classes/${FUZZ_TARGET_CLASS}`,
      `classes/${FUZZ_OTHER_CLASS}`,
      `/classes/${FUZZ_OTHER_CLASS}`,
      `1.1/classes/${FUZZ_OTHER_CLASS}`,
      `http://example.com/1.1/classes/${FUZZ_OTHER_CLASS}`,
      '/1.1/batch',
      '/1.1/date',
      '/1.1/schemas',
      `/1.1/scan/classes/${FUZZ_CLASS}`,
      '/1.1/classes/bad-name',
      '/1.1/classes/_User',
      `/1.1/classes/${FUZZ_CLASS}?where=%7B`,
      `/1.1/classes/${FUZZ_CLASS}?limit=2`,
      '',
      '/',
    ),
  },
  {
    weight: 2,
    arbitrary: seededId('ids').map((id) => `/1.1/classes/${FUZZ_CLASS}/${id}`),
  },
  { weight: 2, arbitrary: pathTemplate },
);

const validBatchElement = fc.record(
  {
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
    path: batchPath,
    body: objectBody,
    params: queryParams,
  },
  { requiredKeys: ['method', 'path'] },
);

const wildBatchElement = fc.oneof(
  fc.record(
    {
      method: fc.oneof(fc.constantFrom('get', 'PATCH', ''), junk),
      path: fc.oneof(batchPath, junk),
      body: junk,
      params: junk,
    },
    { requiredKeys: [] },
  ),
  junk,
);

export const batchRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .record({ requests: fc.array(validBatchElement, { maxLength: 6 }) })
          .map((b) => JSON.stringify(b)),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.array(validBatchElement, { maxLength: 4 }), wildBatchElement, fc.nat(4))
          .map(([valid, wild, at]) =>
            JSON.stringify({ requests: (valid as unknown[]).toSpliced(at, 0, wild) }),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .oneof(
            fc.record({ requests: junk }),
            fc.constantFrom({}, { requests: {} }, { requests: null }, { requests: [null] }, { request: [] }),
          )
          .map((b) => JSON.stringify(b)),
      },
      { weight: 1, arbitrary: rawBody },
    ),
    fc.constantFrom<AuthMode>('app', 'master'),
  )
  .map(([body, auth]): FuzzRequest => ({
    kind: 'batch',
    method: 'POST',
    path: '/1.1/batch',
    auth,
    headers: { 'Content-Type': 'application/json' },
    body,
  }));

export const scanRequest: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(FUZZ_CLASS, FUZZ_CLASS, FUZZ_TARGET_CLASS, 'NoSuchClass', '_User', 'bad-name'),
    fc.record(
      {
        where: whereParam,
        limit: param(limitValue),
        cursor: fc.oneof(
          { weight: 3, arbitrary: seededId('cursors') },
          fc.constantFrom('', 'null', 'abc', '====', 'eyJ9', 'eyJhIjoxfQ==', '%%%', 'a'.repeat(500)),
          fc.base64String({ maxLength: 60 }),
          fc.jsonValue({ maxDepth: 2 }).map((v) => Buffer.from(JSON.stringify(v)).toString('base64')),
          anyString,
        ),
        scan_key: fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom('objectId', '-objectId', 'createdAt', '-updatedAt') },
          fc.constantFrom(
            'objectId',
            '-objectId',
            'createdAt',
            '-updatedAt',
            'n',
            '-s',
            '',
            '-',
            'a.b',
            '$x',
          ),
          paramString,
        ),
        include: paramString,
        keys: param(fieldList),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom<AuthMode>('master', 'master', 'sign-master', 'app'),
  )
  .map(([cls, query, auth]): FuzzRequest => ({
    kind: 'scan',
    method: 'GET',
    path: `/1.1/scan/classes/${cls}`,
    query,
    auth,
  }));
