import type { ConsoleErrorCode } from '@switchboard/shared';

/**
 * Failures that happen before the console API could answer with its own error body: the request
 * never reached it, or what came back was not what the contract promises.
 */
export const CLIENT_ERROR_CODES = ['network_error', 'bad_response'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ApiErrorCode = ConsoleErrorCode | ClientErrorCode;

export function isClientErrorCode(code: string): code is ClientErrorCode {
  return (CLIENT_ERROR_CODES as readonly string[]).includes(code);
}

export interface ConsoleApiErrorInit {
  code: ApiErrorCode;
  message: string;
  /** HTTP status; 0 when no response was received. */
  status: number;
  requestId?: string | undefined;
  details?: unknown;
  cause?: unknown;
}

/** The one error type of the web app (DESIGN.md convention 3): every failure becomes one of these. */
export class ConsoleApiError extends Error {
  override name = 'ConsoleApiError';
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly details: unknown;

  constructor(init: ConsoleApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details;
  }

  /** True when the message came from the console API; client-made messages are technical detail. */
  get fromServer(): boolean {
    return !isClientErrorCode(this.code);
  }
}

/** Anything thrown (a render error, a rejected promise) as a ConsoleApiError, for display. */
export function toConsoleApiError(error: unknown): ConsoleApiError {
  if (error instanceof ConsoleApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ConsoleApiError({ code: 'internal', message, status: 0, cause: error });
}

/** Which code a bare HTTP status stands for, when the body is not a console error. */
export function codeForStatus(status: number): ConsoleErrorCode {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 422) return 'validation_failed';
  if (status === 429) return 'rate_limited';
  if (status === 502 || status === 503) return 'upstream_unreachable';
  if (status === 504) return 'upstream_timeout';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'internal';
}

/** Retrying helps only when the failure may be transient. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ConsoleApiError)) return false;
  return error.code === 'network_error' || error.status >= 500;
}
