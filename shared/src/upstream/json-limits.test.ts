import { describe, expect, it } from 'vitest';
import { jsonProblem, MAX_JSON_DEPTH, parsedJsonProblem } from './json-limits';

/** Both checks on the same JSON text: they must always agree. */
function both(text: string, maxDepth = MAX_JSON_DEPTH) {
  const parsed: unknown = JSON.parse(text);
  return { fast: parsedJsonProblem(text, parsed, maxDepth), walk: jsonProblem(parsed, maxDepth) };
}

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('parsedJsonProblem', () => {
  it('allows 100 levels and refuses 101, as the walk does', () => {
    expect(both(nested(100))).toEqual({ fast: undefined, walk: undefined });
    expect(both(nested(101))).toEqual({ fast: 'too_deep', walk: 'too_deep' });
    expect(both(`{"a":${nested(100)}}`)).toEqual({ fast: 'too_deep', walk: 'too_deep' });
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    const text = JSON.stringify({ s: '[[[{{{"\\]]]', t: ['\\', '"[', 'x\\"{'] });
    expect(both(text, 2)).toEqual({ fast: undefined, walk: undefined });
    expect(both(text, 1)).toEqual({ fast: 'too_deep', walk: 'too_deep' });
  });

  it('finds NUL and lone surrogates written as escapes, in values and in keys', () => {
    expect(both('{"a":"x\\u0000"}')).toEqual({ fast: 'nul', walk: 'nul' });
    expect(both('{"x\\u0000":1}')).toEqual({ fast: 'nul', walk: 'nul' });
    expect(both('["\\ud800"]')).toEqual({ fast: 'malformed_unicode', walk: 'malformed_unicode' });
    expect(both('["\\uDFFF x"]')).toEqual({ fast: 'malformed_unicode', walk: 'malformed_unicode' });
  });

  it('accepts a surrogate pair and an escaped backslash before u0000', () => {
    expect(both('["\\ud83d\\ude00"]')).toEqual({ fast: undefined, walk: undefined });
    expect(both('["\\\\u0000"]')).toEqual({ fast: undefined, walk: undefined });
  });

  it('agrees with the walk on many generated values', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['a', '"', '\\', '[', ']', '{', '}', '\u0000', '\ud800', '\udc00', '😀', ' '];
    const str = () =>
      Array.from({ length: Math.floor(rand() * 6) }, () => pieces[Math.floor(rand() * pieces.length)]).join(
        '',
      );
    const value = (depth: number): unknown => {
      const r = rand();
      if (depth > 6 || r < 0.3) return str();
      if (r < 0.4) return rand() * 100;
      if (r < 0.7) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(rand() * 4) }, () => [str(), value(depth + 1)]),
      );
    };
    for (let i = 0; i < 2000; i++) {
      const text = JSON.stringify(value(0));
      for (const max of [1, 3, 100]) {
        const { fast, walk } = both(text, max);
        expect(fast, text).toBe(walk);
      }
    }
  });
});
