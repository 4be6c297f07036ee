import fc from 'fast-check';
import type { AuthMode } from '../harness';
import { rawBody } from './bodies';
import { FUZZ_PATH_CLASS, FUZZ_TARGET_CLASS, seededId } from './common';
import type { FuzzRequest } from './common';
import { anyString, validName } from './primitives';

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

export const pathTemplate = fc.oneof(
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
