import { createHmac, timingSafeEqual } from 'node:crypto';
import { LcCode } from '@switchboard/shared';
import { ApiError } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRequest, ApiResponse } from '../http/types';
import type { ImDeps } from './deps';
import { parseHistory } from './history';
import { notFound } from './conversations';
import { historyPage } from './messages';
import type { ConvKind } from './kinds';

export type HistoryScope = { where: string[]; params: unknown[] };

/**
 * Doc 3 Authentication rule 3, when the app setting is on: client_id, nonce, signature_ts and
 * signature, an HMAC-SHA1 under the master key of "appId:client_id:conv_id:nonce:signature_ts"
 * (conv_id empty for the per-client and app-wide forms).
 */
function checkSignature(d: ImDeps, req: ApiRequest, convId: string): void {
  const q = req.query;
  const { client_id: client, nonce, signature_ts: ts, signature } = q;
  if (!client || !nonce || !ts || !signature)
    throw new ApiError(
      401,
      LcCode.Unauthorized,
      'History reads need client_id, nonce, signature_ts and signature.',
    );
  const want = createHmac('sha1', d.masterKey)
    .update(`${d.appId}:${client}:${convId}:${nonce}:${ts}`)
    .digest('hex');
  const got = Buffer.from(signature);
  if (got.length !== want.length || !timingSafeEqual(got, Buffer.from(want)))
    throw new ApiError(401, LcCode.Unauthorized, 'The history signature does not match.');
}

/**
 * One history read (Doc 3 History query parameters) within `scope`. With `kind`, `convId` must
 * be a conversation of that kind (404 otherwise), checked in the page's own statement.
 */
export async function readHistory(
  d: ImDeps,
  req: ApiRequest,
  scope: HistoryScope,
  convId = '',
  kind?: ConvKind | 'any',
): Promise<ApiResponse> {
  requireMaster(req.auth, 'reading message history');
  const h = parseHistory(req.query);
  if ((await d.settings.get(req.sql)).imHistorySignature) checkSignature(d, req, convId);
  const page = await historyPage(req.sql, scope, h, kind && { id: convId, kind });
  if (kind && !page.found) throw notFound(kind, convId);
  return { body: page.records };
}
