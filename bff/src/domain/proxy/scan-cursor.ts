import { isPlainObject } from '@switchboard/shared';
import type { UpstreamMatch } from '@switchboard/shared';
import { ConsoleError } from '../errors';
import { isSealed, secretBoxFor } from '../secret-box';
import type { ProxyContext } from './context';

/*
 * An upstream scan cursor holds the last row's scan_key value (ours as signed base64 JSON;
 * LeanCloud's is opaque but need not stay so). The browser gets it sealed with the console
 * secret key instead, bound to the app, class and user, and it is opened again on the way back:
 * it carries nothing the user could read, and works only for the scan it came from.
 */
const SCAN_PATH = '/1.1/scan/classes/:className';

export const isScan = (match: UpstreamMatch): boolean => match.route.path === SCAN_PATH;

const contextOf = (ctx: ProxyContext, match: UpstreamMatch) =>
  `scan-cursor:${ctx.app.id}:${match.params.className ?? ''}:${ctx.user.id}`;

/** The query to send upstream: the browser's sealed cursor opened, or refused. */
export function openCursor(
  ctx: ProxyContext,
  match: UpstreamMatch,
  query: Record<string, string>,
): Record<string, string> {
  const sealed = query.cursor;
  if (sealed === undefined || sealed === '') return query;
  const cursor = isSealed(sealed) ? secretBoxFor(ctx.sql).open(sealed, contextOf(ctx, match)) : undefined;
  if (cursor === undefined) {
    throw new ConsoleError(
      400,
      'bad_request',
      'This scan cursor is not one the console gave you for this class; start the scan again.',
    );
  }
  return { ...query, cursor };
}

/** The scan answer with its cursor sealed. */
export function sealCursor(ctx: ProxyContext, match: UpstreamMatch, body: unknown): unknown {
  if (!isPlainObject(body) || typeof body.cursor !== 'string' || body.cursor === '') return body;
  return { ...body, cursor: secretBoxFor(ctx.sql).seal(body.cursor, contextOf(ctx, match)) };
}
