import type { ConsoleErrorCode, ConsoleIssue } from '@switchboard/shared';

/** The bff's one error type; the HTTP layer renders it as {code, message, details?, requestId}. */
export class ConsoleError extends Error {
  override name = 'ConsoleError';
  constructor(
    readonly status: number,
    readonly code: ConsoleErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The parts of a zod issue the console error model keeps. */
interface ZodIssueLike {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  format?: string;
  minimum?: unknown;
  maximum?: unknown;
}

const bound = (n: unknown): number | undefined =>
  typeof n === 'number' || typeof n === 'bigint' ? Number(n) : undefined;

/** A code and parameters the console translates, for the issues people meet in forms. */
function codeOf(i: ZodIssueLike): Pick<ConsoleIssue, 'code' | 'params'> {
  const min = bound(i.minimum);
  const max = bound(i.maximum);
  const text = i.origin === 'string';
  if (i.code === 'too_small' && min !== undefined) {
    if (text && min <= 1) return { code: 'required' };
    return { code: text ? 'too_short' : 'too_small', params: { min } };
  }
  if (i.code === 'too_big' && max !== undefined)
    return { code: text ? 'too_long' : 'too_big', params: { max } };
  if (i.code === 'invalid_format') return { code: i.format === 'email' ? 'invalid_email' : 'invalid_format' };
  if (i.code === 'invalid_type') return { code: 'invalid_type' };
  return {};
}

/** A schema's issues as the console error model's details: where, what is wrong, and its code. */
export const zodIssues = (issues: readonly ZodIssueLike[]): ConsoleIssue[] =>
  issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, ...codeOf(i) }));

export const unauthenticated = (message = 'Sign in to continue.') =>
  new ConsoleError(401, 'unauthenticated', message);
export const forbidden = (message: string) => new ConsoleError(403, 'forbidden', message);
export const notFound = (message: string) => new ConsoleError(404, 'not_found', message);
