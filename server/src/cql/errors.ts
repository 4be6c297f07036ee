import { LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import type { ApiError } from '../http/errors';

/** Line and column (both from 1) of an offset in the CQL text, as editors count them. */
export function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

const where = (text: string, offset: number) => {
  const { line, column } = position(text, offset);
  return `at line ${line}, column ${column}`;
};

/** LeanCloud's code 300 "CQL syntax error.", with where the statement went wrong. */
export function cqlSyntaxError(text: string, offset: number, detail: string): ApiError {
  return badRequest(LcCode.CqlSyntaxError, `CQL syntax error ${where(text, offset)}: ${detail}`);
}

/** A statement that parses but cannot run (unknown function, wrong value type): still code 300. */
export function cqlError(text: string, offset: number | undefined, detail: string): ApiError {
  const at = offset === undefined ? '' : ` ${where(text, offset)}`;
  return badRequest(LcCode.CqlSyntaxError, `CQL error${at}: ${detail}`);
}
