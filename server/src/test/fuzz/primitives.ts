import fc from 'fast-check';
import { FUZZ_CLASS, FUZZ_OTHER_CLASS, SEED_FIELDS } from './common';

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

export const weirdChar = fc.constantFrom(...WEIRD_CHARS);

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

export const validName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,15}$/);

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

export const objectIdLike = fc.oneof(
  fc.constantFrom('', 'x', '0'.repeat(24), 'missingObject00000000000', 'a'.repeat(200)),
  fc.stringMatching(/^[0-9a-f]{24}$/),
  anyString,
);
