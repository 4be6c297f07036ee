import { RegExpParser, RegExpSyntaxError } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';

/**
 * Which `$regex` patterns the server runs. Postgres matches without back-references in time
 * linear in the text (its engine is a DFA); a back-reference makes it backtrack, and
 * `^(a*)*\1$` over 60 KB took 31 s. Counted repetitions are expanded into copies when the pattern
 * is compiled, and PGlite mishandles large expansions (an empty answer instead of an error, or a
 * hang). So a pattern is refused when it has a back-reference, a repeated group that itself
 * repeats (nested quantifiers), more than MAX_REGEX_LENGTH characters or more than
 * MAX_REGEX_POSITIONS positions once counted repetitions are expanded.
 *
 * The pattern is parsed by regexpp (JavaScript syntax, Annex B) after the Postgres-only syntax is
 * neutralised: bracket expressions ([[:alpha:]], []a]) become one plain class, (?#...) comments
 * go, and with the x option so do whitespace and # comments. What remains reads the same in both
 * dialects; anything regexpp cannot parse is refused rather than run unchecked.
 */

export const MAX_REGEX_LENGTH = 1000;
export const MAX_REGEX_POSITIONS = 2000;

/** What checking a pattern found: the problem, in words for the client, or its size. */
export type RegexCheck = { problem: string } | { problem?: undefined; positions: number };

export function checkRegex(pattern: string, options: string): RegexCheck {
  if (pattern.length > MAX_REGEX_LENGTH)
    return { problem: `is ${pattern.length} characters long; at most ${MAX_REGEX_LENGTH} are accepted` };
  let ast: AST.Pattern;
  const { source, origin } = neutralise(pattern, options.includes('x'));
  try {
    ast = new RegExpParser({ strict: false }).parsePattern(source, 0, source.length, { unicode: false });
  } catch (e) {
    if (!(e instanceof RegExpSyntaxError)) throw e;
    const reason = e.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
    return { problem: `is not a regular expression the server can check (${reason})` };
  }
  // A node as the client wrote it (the parsed source has bracket expressions replaced).
  const text = (n: AST.Node) => pattern.slice(origin[n.start], (origin[n.end - 1] ?? pattern.length - 1) + 1);
  const walk: Walk = { positions: 0, problem: undefined, text };
  visit(ast, 1, undefined, walk);
  if (walk.problem) return { problem: walk.problem };
  if (walk.positions > MAX_REGEX_POSITIONS)
    return {
      problem: `expands to ${walk.positions} positions once counted repetitions such as {1,255} are multiplied out; at most ${MAX_REGEX_POSITIONS} are accepted`,
    };
  return { positions: walk.positions };
}

/** The problem with a pattern, or undefined when it may run. */
export const regexProblem = (pattern: string, options: string) => checkRegex(pattern, options).problem;

interface Walk {
  positions: number;
  problem: string | undefined;
  text: (node: AST.Node) => string;
}

/** Repetitions that copy their element: a? and a{0,1} do not. */
const repeats = (q: AST.Quantifier) => q.max > 1;

function visit(node: AST.Node, copies: number, repeatedBy: AST.Quantifier | undefined, w: Walk): void {
  if (w.problem) return;
  switch (node.type) {
    case 'Backreference':
      w.problem = `uses the back-reference ${w.text(node)}, which can make matching take time that grows faster than the text; back-references are not supported`;
      return;
    case 'Quantifier': {
      if (repeats(node) && repeatedBy) {
        w.problem = `repeats ${w.text(repeatedBy)}, which contains the repetition ${w.text(node)}: nested quantifiers are not supported, so that every pattern matches in bounded time`;
        return;
      }
      // {n,m} is compiled into m copies and {n,} into n copies and a loop.
      const factor = Number.isFinite(node.max) ? node.max : Math.max(node.min, 1);
      visit(node.element, copies * Math.max(factor, 1), repeats(node) ? node : repeatedBy, w);
      return;
    }
    case 'Pattern':
    case 'CapturingGroup':
    case 'Group':
    case 'Assertion':
      if ('alternatives' in node) for (const alt of node.alternatives) visit(alt, copies, repeatedBy, w);
      return;
    case 'Alternative':
      for (const el of node.elements) visit(el, copies, repeatedBy, w);
      return;
    default:
      w.positions += copies;
  }
}

/**
 * The pattern with Postgres-only syntax replaced by equivalents regexpp reads with the same
 * structure: each bracket expression by `[_]`, comments removed. origin[i] is the index in the
 * pattern of the source's character i.
 */
function neutralise(pattern: string, expanded: boolean): { source: string; origin: number[] } {
  let source = '';
  const origin: number[] = [];
  const keep = (text: string, from: number[]) => {
    source += text;
    origin.push(...from);
  };
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] ?? '';
    const end =
      c === '[' ? bracketEnd(pattern, i) : pattern.startsWith('(?#', i) ? pattern.indexOf(')', i) : 0;
    if (end < 0) {
      keep(pattern.slice(i), range(i, pattern.length)); // unterminated: regexpp reports it
      break;
    }
    if (c === '\\') {
      keep(pattern.slice(i, i + 2), range(i, Math.min(i + 2, pattern.length)));
      i += 2;
    } else if (c === '[') {
      keep('[_]', [i, i + 1, end]);
      i = end + 1;
    } else if (pattern.startsWith('(?#', i)) {
      i = end + 1;
    } else if (expanded && /\s/.test(c) && c !== '\v') {
      i++;
    } else if (expanded && c === '#') {
      const nl = pattern.indexOf('\n', i);
      i = nl < 0 ? pattern.length : nl + 1;
    } else {
      keep(c, [i]);
      i++;
    }
  }
  return { source, origin };
}

/** Index of the `]` closing the bracket expression opened at `start`, or -1. */
function bracketEnd(p: string, start: number): number {
  let i = start + 1;
  if (p[i] === '^') i++;
  if (p[i] === ']') i++; // a leading ] is a member
  while (i < p.length) {
    const c = p[i];
    if (c === ']') return i;
    if (c === '\\') i += 2;
    else if (c === '[' && ':.='.includes(p[i + 1] ?? 'x')) {
      const close = p.indexOf(`${p[i + 1]}]`, i + 2);
      if (close < 0) return -1;
      i = close + 2;
    } else i++;
  }
  return -1;
}
