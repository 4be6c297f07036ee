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

/** Header every mutating console request carries; a cross-site form or fetch cannot set it. */
export const CSRF_HEADER = 'x-switchboard-csrf';
