import type { ConversationRow } from '../../im/conversations';
import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { requiredString, stringList, sub } from './fields';
import { findConversation, membersOf } from './find';
import { internalRequest } from './request';
import { requireModerator } from './roles';
import { checkConversationSignature } from '../signatures';

const IDS_MAX = 100;
/** The SDK documents the server's default page of muted and blocked members: 10. */
const PAGE_DEFAULT = 10;
const PAGE_MAX = 100;
type Table = 'lc_im_shutup' | 'lc_im_blocked';

async function conversationOf(ctx: RealtimeContext, cid: string): Promise<ConversationRow> {
  const conv = await findConversation(ctx, cid);
  if (!conv) throw new RtmError(RtmCode.ConversationNotFound, `No conversation ${JSON.stringify(cid)}.`);
  return conv;
}

function targets(v: unknown): string[] {
  const ids = [...new Set(stringList(v, IDS_MAX, 'client ids'))];
  if (!ids.length) throw new RtmError(RtmCode.InvalidMessagingTarget, 'Name at least one client id.');
  return ids;
}

async function listed(ctx: RealtimeContext, table: Table, cid: string, ids: string[]): Promise<Set<string>> {
  const rows = await ctx.sql.query<{ client_id: string }>(
    `SELECT client_id FROM ${table} WHERE conv_id = $1 AND client_id = ANY($2::text[])`,
    [cid, ids],
  );
  return new Set(rows.map((r) => r.client_id));
}

async function mark(ctx: RealtimeContext, table: Table, cid: string, ids: string[], on: boolean) {
  if (on)
    await ctx.sql.query(
      `INSERT INTO ${table} (conv_id, client_id, created_at) SELECT $1, x, $3 FROM unnest($2::text[]) x
       ON CONFLICT DO NOTHING`,
      [cid, ids, ctx.im.clock.now().getTime()],
    );
  else
    await ctx.sql.query(`DELETE FROM ${table} WHERE conv_id = $1 AND client_id = ANY($2::text[])`, [
      cid,
      ids,
    ]);
}

/** A page of a list, by client id; `next` is the last id of the page before. */
async function page(ctx: RealtimeContext, table: Table, cid: string, limitIn: unknown, nextIn: unknown) {
  const limit =
    typeof limitIn === 'number' && Number.isInteger(limitIn) && limitIn > 0
      ? Math.min(limitIn, PAGE_MAX)
      : PAGE_DEFAULT;
  const after = typeof nextIn === 'string' ? nextIn.slice(0, 64) : '';
  const rows = await ctx.sql.query<{ client_id: string }>(
    `SELECT client_id FROM ${table} WHERE conv_id = $1 AND client_id > $2 ORDER BY client_id LIMIT $3`,
    [cid, after, limit + 1],
  );
  const ids = rows.slice(0, limit).map((r) => r.client_id);
  return { ids, next: rows.length > limit ? ids[ids.length - 1] : undefined };
}

/** Whether `clientId` is muted (shutup) in `cid`: its messages there are refused. */
export async function isShutup(ctx: RealtimeContext, cid: string, clientId: string): Promise<boolean> {
  return (await listed(ctx, 'lc_im_shutup', cid, [clientId])).size > 0;
}

/** Those of `ids` on the blacklist of `cid`: they cannot join or be added. */
export function blockedAmong(ctx: RealtimeContext, cid: string, ids: string[]): Promise<Set<string>> {
  return listed(ctx, 'lc_im_blocked', cid, ids);
}

/**
 * conv add_shutup / remove_shutup: the owner or a manager mutes members (their `direct` is refused)
 * or lets them speak again. The muted get shutuped / unshutuped, the other members
 * members_shutuped / members_unshutuped.
 */
export async function shutup(ctx: RealtimeContext, s: Session, cmd: Command, on: boolean): Promise<void> {
  const cm = sub(cmd, 'convMessage');
  const ids = targets(cm.m);
  const conv = await conversationOf(ctx, requiredString(cm, 'cid', 'The conversation id'));
  await requireModerator(ctx, conv, s.peerId);
  const members = membersOf(conv);
  const allowed = ids.filter((id) => members.includes(id));
  const failed = ids.filter((id) => !members.includes(id));
  await mark(ctx, 'lc_im_shutup', conv.id, allowed, on);
  s.conn.send({
    cmd: 'conv',
    op: on ? 'shutup_added' : 'shutup_removed',
    i: cmd.i,
    peerId: s.peerId,
    convMessage: {
      cid: conv.id,
      allowedPids: allowed,
      failedPids: failed.length
        ? [
            {
              code: RtmCode.ConversationMembershipRequired,
              reason: 'Not members of the conversation.',
              pids: failed,
            },
          ]
        : [],
    },
  });
  if (!allowed.length) return;
  const note = { cid: conv.id, initBy: s.peerId };
  ctx.hub.send({ peers: allowed }, { cmd: 'conv', op: on ? 'shutuped' : 'unshutuped', convMessage: note });
  ctx.hub.send(
    { peers: members.filter((m) => !allowed.includes(m)) },
    { cmd: 'conv', op: on ? 'members_shutuped' : 'members_unshutuped', convMessage: { ...note, m: allowed } },
  );
}

/** conv query_shutup: who is muted, a page at a time (any member may ask). */
export async function queryShutup(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const cm = sub(cmd, 'convMessage');
  const conv = await conversationOf(ctx, requiredString(cm, 'cid', 'The conversation id'));
  if (!membersOf(conv).includes(s.peerId))
    throw new RtmError(RtmCode.ConversationMembershipRequired, `${s.peerId} is not a member of ${conv.id}.`);
  const { ids, next } = await page(ctx, 'lc_im_shutup', conv.id, cm.limit, cm.next);
  s.conn.send({
    cmd: 'conv',
    op: 'shutup_result',
    i: cmd.i,
    peerId: s.peerId,
    convMessage: { cid: conv.id, m: ids, ...(next ? { next } : {}) },
  });
}

/**
 * blacklist block / unblock: the owner or a manager blocks clients from a conversation (members
 * among them are removed and none of them may join or be added again) or lifts the block.
 * The blocked get blocked and left; the other members members_blocked and members_left.
 */
export async function blacklist(ctx: RealtimeContext, s: Session, cmd: Command, on: boolean): Promise<void> {
  const bm = sub(cmd, 'blacklistMessage');
  const cid = requiredString(bm, 'srcCid', 'The conversation id');
  const ids = targets(bm.toPids);
  checkConversationSignature(ctx, s.peerId, bm, {
    action: on ? 'conversation-block-clients' : 'conversation-unblock-clients',
    cid,
    members: stringList(bm.toPids, IDS_MAX, 'client ids'),
  });
  const conv = await conversationOf(ctx, cid);
  await requireModerator(ctx, conv, s.peerId);
  if (on && ids.includes(s.peerId))
    throw new RtmError(RtmCode.ConversationNotAllowed, 'A client does not block itself.');
  if (on && typeof conv.data.c === 'string' && ids.includes(conv.data.c))
    throw new RtmError(RtmCode.ConversationNotAllowed, 'The owner cannot be blocked.');
  await mark(ctx, 'lc_im_blocked', conv.id, ids, on);
  const members = membersOf(conv);
  const removed = on ? ids.filter((id) => members.includes(id)) : [];
  if (removed.length)
    await ctx.im.conversations.changeList(
      internalRequest(ctx, { client_ids: removed }),
      conv.id,
      'm',
      'Remove',
    );
  s.conn.send({
    cmd: 'blacklist',
    op: on ? 'blocked' : 'unblocked',
    i: cmd.i,
    peerId: s.peerId,
    blacklistMessage: { srcCid: conv.id, allowedPids: ids, failedPids: [] },
  });
  const note = { cid: conv.id, initBy: s.peerId };
  const rest = members.filter((m) => !ids.includes(m));
  ctx.hub.send({ peers: ids }, { cmd: 'conv', op: on ? 'blocked' : 'unblocked', convMessage: note });
  ctx.hub.send(
    { peers: rest },
    { cmd: 'conv', op: on ? 'members_blocked' : 'members_unblocked', convMessage: { ...note, m: ids } },
  );
  if (!removed.length) return;
  ctx.hub.send({ peers: removed }, { cmd: 'conv', op: 'left', convMessage: note });
  ctx.hub.send({ peers: rest }, { cmd: 'conv', op: 'members_left', convMessage: { ...note, m: removed } });
}

/** blacklist query: the blocked clients of a conversation, a page at a time (members ask). */
export async function queryBlacklist(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const bm = sub(cmd, 'blacklistMessage');
  const conv = await conversationOf(ctx, requiredString(bm, 'srcCid', 'The conversation id'));
  if (!membersOf(conv).includes(s.peerId))
    throw new RtmError(RtmCode.ConversationMembershipRequired, `${s.peerId} is not a member of ${conv.id}.`);
  const { ids, next } = await page(ctx, 'lc_im_blocked', conv.id, bm.limit, bm.next);
  s.conn.send({
    cmd: 'blacklist',
    op: 'query_result',
    i: cmd.i,
    peerId: s.peerId,
    blacklistMessage: { srcCid: conv.id, blockedPids: ids, ...(next ? { next } : {}) },
  });
}
