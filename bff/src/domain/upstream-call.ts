import { isPlainObject } from '@switchboard/shared';
import type { UpstreamClient, UpstreamRequest, UpstreamResponse } from '../upstream/client';
import { ConsoleError } from './errors';

/**
 * Sends one request upstream and returns its body; upstream failures become console errors:
 * 4xx passed on with their code and text, 429 with Retry-After, anything else 502.
 */
export async function sendUpstream(client: UpstreamClient, req: UpstreamRequest): Promise<unknown> {
  return (await exchangeUpstream(client, req)).body;
}

/** As sendUpstream, with the answer's text as well as its parsed body. */
export async function exchangeUpstream(
  client: UpstreamClient,
  req: UpstreamRequest,
): Promise<UpstreamResponse> {
  const res = await client.request(req);
  if (res.status >= 200 && res.status < 300) return res;
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
