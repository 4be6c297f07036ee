import { z } from 'zod';

/** Console API error model (DESIGN.md convention 3): {code, message, details?, requestId}. */
export const CONSOLE_ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'csrf_rejected',
  'rate_limited',
  'locked_out',
  'totp_required',
  'invalid_code',
  'setup_required',
  'upstream_error',
  'upstream_unreachable',
  'upstream_timeout',
  'internal',
] as const;
export type ConsoleErrorCode = (typeof CONSOLE_ERROR_CODES)[number];

export const consoleErrorSchema = z.object({
  code: z.enum(CONSOLE_ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
  requestId: z.string(),
});
export type ConsoleErrorBody = z.infer<typeof consoleErrorSchema>;

/**
 * What is wrong with one input, in an error's `details`: `message` is English for any client, and
 * `code` with `params` lets the console say it in the reader's language.
 */
export const ISSUE_CODES = [
  'required',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'invalid_email',
  'invalid_format',
  'invalid_type',
] as const;
export type IssueCode = (typeof ISSUE_CODES)[number];

export const consoleIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.enum(ISSUE_CODES).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ConsoleIssue = z.infer<typeof consoleIssueSchema>;

/** Header every mutating console request carries; a cross-site form or fetch cannot set it. */
export const CSRF_HEADER = 'x-switchboard-csrf';

/** Response header carrying the request id (also in every error body). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The built index.html carries this placeholder where a CSP nonce goes; the bff replaces it with
 * a fresh nonce in every response and names that nonce in its Content-Security-Policy.
 */
export const CSP_NONCE_PLACEHOLDER = 'SWITCHBOARD_CSP_NONCE';
