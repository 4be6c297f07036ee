import { LcCode } from '@switchboard/shared';
import { pgErrorCode } from '@switchboard/shared/sql';
import { ApiError, badRequest } from './errors';

/**
 * SQLSTATE the server's own guard raises when a query would read objects more times than the read
 * budget allows (see store/read-budget.ts); its DETAIL carries the figures as JSON.
 */
export const READ_BUDGET_SQLSTATE = 'SB001';

/** SQLSTATE raised on PGlite when a $regex would scan more text than one match may (store/regex-sql.ts). */
export const REGEX_TEXT_SQLSTATE = 'SB002';

/** "Typically this indicates the request is too expensive": LeanCloud's wording for its error 124. */
const TIMED_OUT =
  'The request timed out on the server: a database statement ran past its time limit and was stopped. ' +
  'Typically this indicates the request is too expensive; narrow the where, add an index or ask for fewer objects.';

interface ReadBudgetDetail {
  reads: number;
  largest: number;
  budget: number;
  className: string;
}

function detailOf<T>(e: unknown): Partial<T> {
  try {
    return JSON.parse((e as { detail?: string }).detail ?? '{}') as Partial<T>;
  } catch {
    return {}; // the message still names the limit
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

function readBudgetError(e: unknown): ApiError {
  const d = detailOf<ReadBudgetDetail>(e);
  const what =
    d.reads && d.largest && d.className
      ? `it reads each object ${d.reads} times (once or more per condition) and objects of class ${d.className} reach ${mb(d.largest)}`
      : 'it reads large objects too many times';
  return badRequest(
    LcCode.InvalidParameter,
    `The query is too expensive: ${what}. A query may read at most ${mb(d.budget ?? 0)} per object ` +
      '(reads × object size); use fewer conditions or keep large content in files.',
  );
}

function regexTextError(e: unknown): ApiError {
  const d = detailOf<{ bytes: number; max: number; field: string }>(e);
  return badRequest(
    LcCode.InvalidParameter,
    `The $regex on '${d.field ?? '?'}' met a string of ${mb(d.bytes ?? 0)}; with this pattern it may scan ` +
      `at most ${mb(d.max ?? 0)} per string (a longer pattern allows less), so that one match stays ` +
      'within about a second. Use a simpler pattern or keep long text out of regex searches.',
  );
}

/**
 * The error a client gets when the database stopped its request at a limit: the statement time
 * limit (503, LeanCloud's 124 "timed out"), the read budget, memory, or a statement too complex.
 * undefined for every other error.
 */
export function databaseLimitError(e: unknown): ApiError | undefined {
  switch (pgErrorCode(e)) {
    case '57014':
      return new ApiError(503, LcCode.Timeout, TIMED_OUT);
    case READ_BUDGET_SQLSTATE:
      return readBudgetError(e);
    case REGEX_TEXT_SQLSTATE:
      return regexTextError(e);
    case '53200':
      return new ApiError(
        503,
        LcCode.Internal,
        'The database ran out of memory for this request; narrow the where or ask for fewer objects.',
      );
    case '54000':
    case '54001':
      return badRequest(LcCode.InvalidParameter, 'The query is too large or too complex for the database.');
    default:
      return undefined;
  }
}
