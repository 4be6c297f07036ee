import type { ApiRequest } from '../../http/types';
import type { RealtimeContext } from '../context';

/**
 * The realtime gateway acts for the app (it checked the session itself), so the REST code it
 * reuses sees a master-key request.
 */
export function internalRequest(
  ctx: RealtimeContext,
  body: unknown,
  query: Record<string, string> = {},
): ApiRequest {
  return {
    sql: ctx.sql,
    method: 'POST',
    path: '/realtime',
    params: {},
    query,
    body,
    auth: { master: true, sessionToken: undefined },
    baseUrl: '',
  };
}
