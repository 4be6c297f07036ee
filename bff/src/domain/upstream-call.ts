import type { z } from 'zod';
import { isPlainObject, matchUpstreamRoute, roleHas } from '@switchboard/shared';
import type { ConsoleUser } from '@switchboard/shared';
import type { UpstreamClient } from '../upstream/client';
import { ConsoleError, forbidden, notFound } from './errors';

export interface UpstreamCall {
  method: string;
  /** Decoded upstream path, e.g. /1.1/classes/Product. */
  path: string;
  query: Record<string, string>;
  body: unknown;
}

function zodDetails(issues: { path: PropertyKey[]; message: string }[]) {
  return issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** Input checked against its contract schema; failures are 400 validation_failed with the issues. */
function validated(schema: z.ZodType, value: unknown, message: string): unknown {
  const r = schema.safeParse(value);
  if (!r.success) throw new ConsoleError(400, 'validation_failed', message, zodDetails(r.error.issues));
  return r.data;
}

/**
 * Forwards one console request to an upstream app if the allowlist has it and the user's role
 * holds its permission; upstream failures become console errors.
 */
export async function callUpstream(
  user: ConsoleUser,
  client: UpstreamClient,
  call: UpstreamCall,
): Promise<unknown> {
  const match = matchUpstreamRoute(call.method, call.path);
  if (!match) throw notFound(`The console does not offer ${call.method} ${call.path}.`);
  if (!roleHas(user.role, match.route.permission)) {
    throw forbidden(
      `Your role (${user.role}) does not allow this: it needs the "${match.route.permission}" permission.`,
    );
  }
  validated(match.route.query, call.query, 'The query parameters are not valid.');
  let body: unknown;
  if (match.route.body) {
    body = validated(match.route.body, call.body, 'The request body is not valid.');
  } else if (call.body !== undefined && !(isPlainObject(call.body) && Object.keys(call.body).length === 0)) {
    throw new ConsoleError(400, 'bad_request', `${call.method} ${call.path} takes no request body.`);
  }
  const res = await client.request({ method: call.method, path: call.path, query: call.query, body });
  if (res.status >= 200 && res.status < 300) return res.body;
  const upstream = isPlainObject(res.body) ? res.body : {};
  const text = client.redact(typeof upstream.error === 'string' ? upstream.error : `HTTP ${res.status}`);
  const details = { upstreamStatus: res.status, upstreamCode: upstream.code };
  if (res.status === 429) {
    throw new ConsoleError(429, 'rate_limited', `The app is rate limiting requests: ${text}`, details, {
      'Retry-After': res.retryAfter ?? '60',
    });
  }
  // Upstream 401 means the bff's own keys for that app are refused: a configuration fault, not
  // the console user's session, so it must not read as "signed out".
  if (res.status === 401) {
    throw new ConsoleError(
      502,
      'upstream_error',
      `The app refused the console's keys (check its app id and master key): ${text}`,
      details,
    );
  }
  if (res.status >= 400 && res.status < 500) {
    throw new ConsoleError(res.status, 'upstream_error', text, details);
  }
  throw new ConsoleError(502, 'upstream_error', `The app failed to answer: ${text}`, details);
}
