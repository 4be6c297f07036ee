import type { Sql } from '@switchboard/shared/sql';
import { clientBlocksPage, setClientBlocks } from '../../im/client-blocks';
import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { checkConversationSignature } from '../signatures';
import { requiredString, stringList, sub } from './fields';

const IDS_MAX = 100;
const PAGE_DEFAULT = 10;
const PAGE_MAX = 100;

/** The conversations `clientId` has blocked, for a session opening (its deliveries skip them). */
export async function clientBlocks(sql: Sql, clientId: string): Promise<Set<string>> {
  const rows = await sql.query<{ conv_id: string }>(
    'SELECT conv_id FROM lc_im_client_blocks WHERE client_id = $1',
    [clientId],
  );
  return new Set(rows.map((r) => r.conv_id));
}

/** Those of `ids` who have blocked `cid`: nobody else may add them to it. */
export async function blockersAmong(sql: Sql, cid: string, ids: string[]): Promise<Set<string>> {
  const rows = await sql.query<{ client_id: string }>(
    'SELECT client_id FROM lc_im_client_blocks WHERE conv_id = $1 AND client_id = ANY($2::text[])',
    [cid, ids],
  );
  return new Set(rows.map((r) => r.client_id));
}

/** A client speaks for itself only: `srcPid` must be the session's client id. */
function ownSource(bm: Record<string, unknown>, s: Session): void {
  const src = requiredString(bm, 'srcPid', 'The blocking client id');
  if (src !== s.peerId)
    throw new RtmError(
      RtmCode.ConversationNotAllowed,
      `${s.peerId} cannot change the blacklist of ${src}: a client blocks conversations for itself.`,
    );
}

/** Conversations among `ids` that exist (temporary ones included). */
async function existing(ctx: RealtimeContext, ids: string[]): Promise<Set<string>> {
  const found = await Promise.all(ids.map((id) => ctx.im.conversations.find(ctx.sql, id)));
  return new Set(ids.filter((_, i) => found[i]));
}

/**
 * blacklist block / unblock with `srcPid` and `toCids` (LeanCloud's client-block-conversations):
 * the client stops getting the messages of those conversations, on every connection, and others
 * can no longer add it to them. Conversations that do not exist come back as failures (block only:
 * a conversation deleted since may still be unblocked).
 */
export async function clientBlacklist(
  ctx: RealtimeContext,
  s: Session,
  cmd: Command,
  on: boolean,
): Promise<void> {
  const bm = sub(cmd, 'blacklistMessage');
  ownSource(bm, s);
  const cids = [...new Set(stringList(bm.toCids, IDS_MAX, 'conversation ids'))];
  if (!cids.length)
    throw new RtmError(RtmCode.InvalidMessagingTarget, 'Name at least one conversation id (toCids).');
  checkConversationSignature(ctx, s.peerId, bm, {
    action: on ? 'client-block-conversations' : 'client-unblock-conversations',
    cid: [...cids].sort().join(':'),
    members: [],
  });
  const known = on ? await existing(ctx, cids) : new Set(cids);
  const allowed = cids.filter((c) => known.has(c));
  const missing = cids.filter((c) => !known.has(c));
  await setClientBlocks(ctx.sql, s.peerId, allowed, on, ctx.im.clock.now().getTime());
  if (allowed.length) ctx.hub.clientBlocks(s.peerId, allowed, on);
  s.conn.send({
    cmd: 'blacklist',
    op: on ? 'blocked' : 'unblocked',
    i: cmd.i,
    peerId: s.peerId,
    blacklistMessage: {
      srcPid: s.peerId,
      allowedPids: allowed,
      failedPids: missing.length
        ? [{ code: RtmCode.ConversationNotFound, reason: 'No such conversation.', pids: missing }]
        : [],
    },
  });
}

/** blacklist query with `srcPid`: the conversations the client has blocked, a page at a time. */
export async function queryClientBlacklist(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const bm = sub(cmd, 'blacklistMessage');
  ownSource(bm, s);
  const limit =
    typeof bm.limit === 'number' && Number.isInteger(bm.limit) && bm.limit > 0
      ? Math.min(bm.limit, PAGE_MAX)
      : PAGE_DEFAULT;
  const after = typeof bm.next === 'string' ? bm.next.slice(0, 256) : '';
  const { ids, next } = await clientBlocksPage(ctx.sql, s.peerId, limit, after);
  s.conn.send({
    cmd: 'blacklist',
    op: 'query_result',
    i: cmd.i,
    peerId: s.peerId,
    blacklistMessage: { srcPid: s.peerId, blockedCids: ids, ...(next ? { next } : {}) },
  });
}

/** A blacklist command names a client (srcPid) when a client blocks conversations. */
export const byClient = (cmd: Command): boolean => {
  const bm = sub(cmd, 'blacklistMessage');
  return bm.srcPid !== undefined && bm.srcCid === undefined;
};
