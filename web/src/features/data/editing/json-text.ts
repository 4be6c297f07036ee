/** A parse outcome a person can act on: the value, or what is wrong and where. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: ParseError };

export interface ParseError {
  /** A key under `edit.errors` in the locale files. */
  code: ParseErrorCode;
  /** Values for the message (a position, a range, the expected type...). */
  params?: Record<string, string | number>;
}

export type ParseErrorCode =
  | 'json'
  | 'notArray'
  | 'notObject'
  | 'notNumber'
  | 'numberRange'
  | 'numberPrecision'
  | 'notBoolean'
  | 'notDate'
  | 'notBase64'
  | 'latitude'
  | 'longitude'
  | 'notGeoPoint'
  | 'notPointer'
  | 'pointerChecking'
  | 'pointerMissing'
  | 'pointerUnchecked'
  | 'notFile'
  | 'notAcl'
  | 'relation'
  | 'readOnly';

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = (code: ParseErrorCode, params?: Record<string, string | number>): Parsed<never> =>
  params ? { ok: false, error: { code, params } } : { ok: false, error: { code } };

/** Line and column (1-based) of a character offset, which is what an editor shows. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

/** The character offset a JSON.parse error names, across the engines' message forms. */
function errorOffset(message: string, text: string): number {
  const atPosition = /position (\d+)/.exec(message);
  if (atPosition) return Number(atPosition[1]);
  const lineCol = /line (\d+) column (\d+)/.exec(message);
  if (lineCol) {
    const lines = text.split('\n').slice(0, Number(lineCol[1]) - 1);
    return lines.reduce((n, l) => n + l.length + 1, 0) + Number(lineCol[2]) - 1;
  }
  // "Unexpected end of JSON input" has no position: the problem is at the end.
  return text.length;
}

/** JSON.parse, with the failure's line and column instead of an exception. */
export function parseJsonText(text: string): Parsed<unknown> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { line, column } = positionOf(text, errorOffset(message, text));
    return fail('json', { line, column });
  }
}

/** Pretty JSON for editors and the value viewer. */
export const prettyJson = (value: unknown): string => JSON.stringify(value, null, 2) ?? String(value);
