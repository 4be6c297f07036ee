import type { z } from 'zod';
import { isPlainObject } from '@switchboard/shared';
import type { UpstreamRoute } from '@switchboard/shared';
import { ConsoleError, zodIssues } from '../errors';

/** Input checked against its contract schema; failures are 400 validation_failed with the issues. */
export function validated(schema: z.ZodType, value: unknown, message: string): unknown {
  const r = schema.safeParse(value);
  if (!r.success) throw new ConsoleError(400, 'validation_failed', message, zodIssues(r.error.issues));
  return r.data;
}

const isEmpty = (body: unknown) =>
  body === undefined || (isPlainObject(body) && Object.keys(body).length === 0);

/** The body a route takes, checked; a route without a body schema accepts only none (or `{}`). */
export function bodyFor(route: UpstreamRoute, body: unknown, what: string): unknown {
  if (route.body) return validated(route.body, body, `The request body of ${what} is not valid.`);
  if (!isEmpty(body)) throw new ConsoleError(400, 'bad_request', `${what} takes no request body.`);
  return undefined;
}
