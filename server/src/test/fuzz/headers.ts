import fc from 'fast-check';
import { anyString } from './primitives';

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
