import { parse as tolerantParse } from 'jsonc-parser';
import type { ParseError } from 'jsonc-parser';

/** Where JSON text stops being JSON (1-based line and column), and why. */
export interface JsonErrorAt {
  line: number;
  column: number;
  reason: string;
}

/**
 * Where `text`, which JSON.parse refused with `e`, goes wrong. V8 gives the position of some
 * errors only, and echoes the text in others, so the position comes from a parser that reports
 * the offset of every error it meets (strict: no comments, no trailing commas), and the reason is
 * V8's without the echo.
 */
export function jsonErrorAt(text: string, e: unknown): JsonErrorAt {
  const raw = e instanceof Error ? e.message : String(e);
  const reason =
    raw
      .replace(/, ".*" is not valid JSON$/s, '')
      .replace(/ at position \d+.*$/s, '')
      .replace(/ in JSON$/, '')
      .trim() || 'not valid JSON';
  const errors: ParseError[] = [];
  tolerantParse(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  const v8 = /at position (\d+)/.exec(raw);
  const offset = errors[0]?.offset ?? (v8 ? Number(v8[1]) : text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column, reason };
}
