import { isPlainObject } from '@switchboard/shared';
import type { UpstreamClient } from '../../upstream/client';
import { ConsoleError } from '../errors';
import { sendUpstream } from '../upstream-call';

/** The most a scan page may hold (Doc 1 "Limits": scan limit max 1000). */
export const SCAN_PAGE = 1000;

export interface ScanPage {
  results: Record<string, unknown>[];
  cursor: string | null;
}

export async function scanPage(
  client: UpstreamClient,
  className: string,
  where: string | undefined,
  cursor: string | null,
): Promise<ScanPage> {
  // Doc 1 returns an object's ACL only when asked; the export carries it so an import restores it.
  const query: Record<string, string> = { limit: String(SCAN_PAGE), returnACL: 'true' };
  if (where !== undefined) query.where = where;
  if (cursor) query.cursor = cursor;
  const body = await sendUpstream(client, { method: 'GET', path: `/1.1/scan/classes/${className}`, query });
  if (!isPlainObject(body) || !Array.isArray(body.results)) {
    throw new ConsoleError(502, 'upstream_error', 'The app answered a scan without results.');
  }
  const next = typeof body.cursor === 'string' && body.cursor !== '' ? body.cursor : null;
  return { results: body.results.filter(isPlainObject), cursor: next };
}

/**
 * Every page of a scan, starting with one already fetched. It asks for the next page only when
 * the consumer wants it and the signal is not aborted, so a download the client gave up on
 * stops reading the class.
 */
export async function* scanPages(
  client: UpstreamClient,
  className: string,
  where: string | undefined,
  first: ScanPage,
  signal: AbortSignal,
): AsyncGenerator<Record<string, unknown>[]> {
  let page = first;
  for (;;) {
    if (page.results.length > 0) yield page.results;
    if (!page.cursor || signal.aborted) return;
    page = await scanPage(client, className, where, page.cursor);
    if (signal.aborted) return;
  }
}
