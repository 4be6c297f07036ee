import fc from 'fast-check';
import { FUZZ_CLASS } from './common';
import type { FuzzRequest } from './common';

// ---------------------------------------------------------------------------------------------
// Queries that try to exhaust the server: catastrophic regular expressions, huge strings read by
// wide $or/$in, and the syntax tricks that might slip a pattern past the server's check.

/** The class fuzz-limits.test.ts seeds with huge strings (see HUGE_OBJECTS). */
export const FUZZ_HUGE_CLASS = 'FuzzHuge';

/** What the huge class holds: 19 MB of one letter (it compresses to almost nothing), 2 MB and 200 KB of a and b. */
export const HUGE_OBJECTS: { s: string; n: number }[] = [
  { s: 'x'.repeat(19 * 1024 * 1024), n: 1 },
  { s: abText(2 * 1024 * 1024, 7), n: 2 },
  { s: abText(200 * 1024, 11), n: 3 },
];

/** a and b in an irregular order: what adversarial patterns find hardest. */
export function abText(length: number, seed: number): string {
  const chars: string[] = [];
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    chars.push(x & 1024 ? 'a' : 'b');
  }
  return chars.join('');
}

const catastrophic = fc.constantFrom(
  '^(a*)*\\1$',
  '^(a*)\\1$',
  '(a|b)\\1+',
  '(x+x+)+y',
  '(a+)+$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(a|aa)*c',
  '(.*a){20}',
  '(a{1,255}){1,255}x',
  '((a{1,10}){1,10}){1,10}b',
  '[ab]{1,255}'.repeat(80),
  '.{1,255}'.repeat(110),
  '(?#comment)(a*)*\\1',
  '[[:alpha:]](a)\\1',
  '[]a](a)\\1',
  '(a) # (\n\\1',
  '(?:' + Array.from({ length: 300 }, (_, i) => `w${i}`).join('|') + ')',
  'x'.repeat(1001),
  '\\Q(a*)*\\E\\1',
  '(?i)(a+)+',
  '***=(a*)*',
);

/** Patterns the server accepts whose matching costs up to microseconds per byte of a-and-b text. */
const slow = fc.constantFrom(
  'a[ab]{250}b[ab]{250}x',
  '[ab]{1,250}a[ab]{250}b[ab]{250}x',
  'a.{255}b.{255}a.{255}b.{255}x',
  'a[ab]{20}b[ab]{20}x',
  '[ab]*a[ab]{20}x',
);

/** A pattern with a few positions, cheap in itself, over strings of megabytes. */
const plain = fc.constantFrom('x', 'y', '^x{3}', '.*q.*', 'b+a', '[a-c]{2}z', '\\QQ\\E');

const pattern = fc.oneof(
  { weight: 3, arbitrary: catastrophic },
  { weight: 3, arbitrary: slow },
  { weight: 2, arbitrary: plain },
);

const regexTerm = fc.record(
  { $regex: pattern, $options: fc.constantFrom('', 'i', 'm', 's', 'x', 'imsx') },
  { requiredKeys: ['$regex'] },
);

/** $or of 1 to 150 terms over the huge string: patterns, equalities, comparisons. */
const wideOr = fc
  .array(
    fc.oneof(
      regexTerm.map((r) => ({ s: r })),
      fc.string({ maxLength: 8 }).map((v) => ({ s: v })),
      fc.string({ maxLength: 8 }).map((v) => ({ s: { $gt: v } })),
      fc.nat(5).map((n) => ({ n })),
    ),
    { minLength: 1, maxLength: 150 },
  )
  .map((terms) => ({ $or: terms }));

/** $in/$nin of up to 1,200 values (over the 1,000 conditions a where may have). */
const wideIn = fc
  .tuple(fc.constantFrom('$in', '$nin'), fc.integer({ min: 1, max: 1200 }), fc.boolean())
  .map(([op, count, strings]) => ({
    s: { [op]: Array.from({ length: count }, (_, i) => (strings ? `v${i}` : i)) },
  }));

const limitWhere: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 3, arbitrary: regexTerm.map((r) => ({ s: r })) },
  { weight: 3, arbitrary: wideOr },
  { weight: 2, arbitrary: wideIn },
  {
    weight: 1,
    arbitrary: fc
      .tuple(regexTerm, fc.constantFrom('$inQuery', '$select'))
      .map(([r, op]) =>
        op === '$inQuery'
          ? { ptr: { $inQuery: { className: FUZZ_HUGE_CLASS, where: { s: r } } } }
          : { n: { $select: { query: { className: FUZZ_HUGE_CLASS, where: { s: r } }, key: 'n' } } },
      ),
  },
);

/**
 * One query of the huge class (or the ordinary fuzz class), carried in the body through the
 * method override so that wide clauses fit; with count or keys so the reply stays small.
 */
export const limitQuery: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    limitWhere,
    fc.constantFrom(FUZZ_HUGE_CLASS, FUZZ_HUGE_CLASS, FUZZ_HUGE_CLASS, FUZZ_CLASS),
    fc.constantFrom('count', 'keys'),
  )
  .map(([where, className, shape]) => ({
    kind: 'limits',
    method: 'POST',
    path: `/1.1/classes/${className}`,
    auth: 'app' as const,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      _method: 'GET',
      where,
      ...(shape === 'count' ? { count: 1, limit: 0 } : { keys: 'n' }),
    }),
  }));
