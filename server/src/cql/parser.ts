import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Peggy from 'peggy';
import type { Statement } from './ast';
import { cqlSyntaxError } from './errors';

/**
 * Brackets, parentheses and braces may nest this deep. The parser recurses once per level, so the
 * bound keeps hostile input (thousands of "(") from exhausting the stack; real statements rarely
 * pass three or four levels.
 */
export const MAX_CQL_NESTING = 16;

// peggy is CommonJS (module.exports = {...}): require gives its functions in every runtime.
const peggy = createRequire(import.meta.url)('peggy') as typeof Peggy;

let parser: Peggy.Parser | undefined;

/**
 * The parser is generated from the grammar once, on first use, so that the grammar file is the
 * only source. `cache` memoises rule results: parse time stays linear whatever the input.
 */
function cqlParser(): Peggy.Parser {
  parser ??= peggy.generate(readFileSync(new URL('./cql.peggy', import.meta.url), 'utf8'), {
    cache: true,
  });
  return parser;
}

/** Offset of the first bracket that opens past the nesting bound (quoted text skipped), if any. */
export function tooDeepAt(text: string, max = MAX_CQL_NESTING): number | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '[' || c === '{') {
      if (++depth > max) return i;
    } else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** The statement's syntax tree; a malformed statement is code 300 with its position. */
export function parseCql(text: string): Statement {
  const deep = tooDeepAt(text);
  if (deep !== undefined) {
    throw cqlSyntaxError(text, deep, `brackets may nest at most ${MAX_CQL_NESTING} levels deep.`);
  }
  const p = cqlParser();
  try {
    return p.parse(text) as Statement;
  } catch (e) {
    if (e instanceof p.SyntaxError) throw cqlSyntaxError(text, e.location.start.offset, e.message);
    throw e;
  }
}
