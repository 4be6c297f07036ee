import type { ConsoleErrorCode } from '@switchboard/shared';

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

export interface Issue {
  path: string;
  message: string;
}

/** A schema's issues as the console error model's details: where, and what is wrong. */
export const zodIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): Issue[] =>
  issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

export const unauthenticated = (message = 'Sign in to continue.') =>
  new ConsoleError(401, 'unauthenticated', message);
export const forbidden = (message: string) => new ConsoleError(403, 'forbidden', message);
export const notFound = (message: string) => new ConsoleError(404, 'not_found', message);
