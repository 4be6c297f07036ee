import { kindOf } from '../../im/kinds';
import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { findConversation, TEMP_PREFIX } from './find';
import { addLastMessages, FLAG_COMPACT, FLAG_LAST_MESSAGE } from './last-message';
import { blockedAmong } from './moderation';
import { blockersAmong } from './client-blacklist';
import { jsonObject, requiredString, stringList, sub } from './fields';
import { internalRequest } from './request';
import { checkConversationSignature } from '../signatures';
import { queryTemporary, startTemporary } from './temp';

const MEMBERS_MAX = 500;

function reply(s: Session, cmd: Command, op: string, convMessage: Record<string, unknown>): void {
  s.conn.send({ cmd: 'conv', op, i: cmd.i, peerId: s.peerId, convMessage });
}

/** conv start: a conversation (members, unique) or a chat room (transient), created by the client. */
export async function startConversation(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const cm = sub(cmd, 'convMessage');
  const attr = jsonObject(cm.attr, 'attr') ?? {};
  const transient = cm.transient === true;
  const members = [...new Set([...stringList(cm.m, MEMBERS_MAX, 'members'), s.peerId])];
  checkConversationSignature(ctx, s.peerId, cm, { action: 'create', members });
  if (cm.tempConv === true) {
    if (transient) throw new RtmError(RtmCode.ConversationNotAllowed, 'A chat room is not temporary.');
    return startTemporary(ctx, s, cmd, members, attr);
  }
  const body: Record<string, unknown> = { ...attr, c: s.peerId };
  if (!transient) {
    body.m = members;
    if (cm.unique === true) body.unique = true;
  }
  const made = await ctx.im.conversations.create(internalRequest(ctx, body), transient ? 'room' : 'conv');
  const cid = made.objectId as string;
  reply(s, cmd, 'started', { cid, cdate: made.createdAt });
  if (transient) {
    ctx.hub.registry.joinRoom(cid, s.peerId);
    return;
  }
  const others = (Array.isArray(made.m) ? (made.m as string[]) : members).filter((m) => m !== s.peerId);
  ctx.hub.send({ peers: others }, { cmd: 'conv', op: 'joined', convMessage: { cid, initBy: s.peerId } });
}

/** conv query: the Doc 1 query language over _Conversation (where, sort, limit, skip). */
export async function queryConversations(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const cm = sub(cmd, 'convMessage');
  if (Array.isArray(cm.tempConvIds) && cm.tempConvIds.length) {
    const found = await queryTemporary(ctx, s, cm.tempConvIds as unknown[]);
    reply(s, cmd, 'results', { results: { data: JSON.stringify(found) } });
    return;
  }
  const where = jsonObject(cm.where, 'where') ?? {};
  const query: Record<string, string> = { where: JSON.stringify(where) };
  if (typeof cm.sort === 'string' && cm.sort !== '') query.order = cm.sort;
  if (typeof cm.limit === 'number') query.limit = String(Math.min(Math.max(cm.limit, 0), 1000));
  if (typeof cm.skip === 'number') query.skip = String(Math.max(cm.skip, 0));
  const out = await ctx.im.conversations.query(internalRequest(ctx, undefined, query), 'any');
  // Temporary conversations are found by id only (tempConvIds), as LeanCloud does.
  const results = ((out.body as { results?: { objectId?: unknown }[] }).results ?? []).filter(
    (r) => !(typeof r.objectId === 'string' && r.objectId.startsWith(TEMP_PREFIX)),
  );
  const flag = typeof cm.flag === 'number' ? cm.flag : 0;
  if (flag & FLAG_LAST_MESSAGE) await addLastMessages(ctx, results);
  // compact: the member lists are left out.
  if (flag & FLAG_COMPACT) for (const r of results) delete (r as { m?: unknown }).m;
  reply(s, cmd, 'results', { results: { data: JSON.stringify(results) } });
}

async function requireConversation(ctx: RealtimeContext, cm: Record<string, unknown>) {
  const cid = requiredString(cm, 'cid', 'The conversation id');
  const conv = await findConversation(ctx, cid);
  if (!conv) throw new RtmError(RtmCode.ConversationNotFound, `No conversation ${JSON.stringify(cid)}.`);
  return conv;
}

/** conv add / remove: members of a conversation, or the client itself joining or leaving a chat room. */
export async function changeMembers(
  ctx: RealtimeContext,
  s: Session,
  cmd: Command,
  op: 'add' | 'remove',
): Promise<void> {
  const cm = sub(cmd, 'convMessage');
  const asked = stringList(cm.m, MEMBERS_MAX, 'members');
  if (!asked.length) throw new RtmError(RtmCode.InvalidMessagingTarget, 'm needs at least one client id.');
  // Signed as LeanCloud's group actions: invite for adding (and joining), kick for removing (and quitting).
  checkConversationSignature(ctx, s.peerId, cm, {
    action: op === 'add' ? 'invite' : 'kick',
    cid: requiredString(cm, 'cid', 'The conversation id'),
    members: asked,
  });
  const conv = await requireConversation(ctx, cm);
  // Clients on the blacklist neither join nor are added, nor are clients who blocked the
  // conversation added by others: they come back as failures (4315).
  const blocked = op === 'add' ? await blockedAmong(ctx, conv.id, asked) : new Set<string>();
  const blockers =
    op === 'add'
      ? await blockersAmong(
          ctx.sql,
          conv.id,
          asked.filter((id) => id !== s.peerId),
        )
      : new Set<string>();
  const ids = asked.filter((id) => !blocked.has(id) && !blockers.has(id));
  const failedPids = [
    ...(blocked.size
      ? [
          {
            code: RtmCode.ConversationBlacklisted,
            reason: 'Blacklisted in the conversation.',
            pids: [...blocked],
          },
        ]
      : []),
    ...(blockers.size
      ? [
          {
            code: RtmCode.ConversationBlacklisted,
            reason: 'Has blocked the conversation.',
            pids: [...blockers],
          },
        ]
      : []),
  ];
  if (!ids.length) {
    reply(s, cmd, op === 'add' ? 'added' : 'removed', { cid: conv.id, allowedPids: [], failedPids });
    return;
  }
  if (kindOf(conv.data) === 'room') {
    for (const id of ids)
      if (op === 'add') ctx.hub.registry.joinRoom(conv.id, id);
      else ctx.hub.registry.leaveRoom(conv.id, id);
    reply(s, cmd, op === 'add' ? 'added' : 'removed', { cid: conv.id, allowedPids: ids });
    return;
  }
  if (kindOf(conv.data) !== 'conv')
    throw new RtmError(
      RtmCode.ConversationNotAllowed,
      'Members of a service conversation are its subscribers.',
    );
  const before = Array.isArray(conv.data.m) ? (conv.data.m as string[]) : [];
  if (!before.includes(s.peerId) && !(op === 'add' && ids.length === 1 && ids[0] === s.peerId))
    throw new RtmError(RtmCode.ConversationMembershipRequired, `${s.peerId} is not a member of ${conv.id}.`);
  await ctx.im.conversations.changeList(
    internalRequest(ctx, { client_ids: ids }),
    conv.id,
    'm',
    op === 'add' ? 'AddUnique' : 'Remove',
  );
  reply(s, cmd, op === 'add' ? 'added' : 'removed', { cid: conv.id, allowedPids: ids, failedPids });
  const after = op === 'add' ? [...new Set([...before, ...ids])] : before.filter((m) => !ids.includes(m));
  const note = { cid: conv.id, initBy: s.peerId, m: ids };
  ctx.hub.send(
    { peers: ids.filter((id) => id !== s.peerId) },
    {
      cmd: 'conv',
      op: op === 'add' ? 'joined' : 'left',
      convMessage: { cid: conv.id, initBy: s.peerId },
    },
  );
  ctx.hub.send(
    { peers: after.filter((id) => !ids.includes(id) || id === s.peerId) },
    {
      cmd: 'conv',
      op: op === 'add' ? 'members_joined' : 'members_left',
      convMessage: note,
    },
  );
}

/** conv count: members of a conversation, or clients in a chat room now. */
export async function countMembers(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const conv = await requireConversation(ctx, sub(cmd, 'convMessage'));
  const count =
    kindOf(conv.data) === 'room'
      ? await ctx.hub.roomCount(conv.id)
      : Array.isArray(conv.data.m)
        ? conv.data.m.length
        : 0;
  reply(s, cmd, 'result', { cid: conv.id, count });
}

/** conv max_read: how far the other members have received (ack) and read the conversation. */
export async function maxRead(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const conv = await requireConversation(ctx, sub(cmd, 'convMessage'));
  const [row] = await ctx.sql.query<{ ack: string | null; read: string | null }>(
    `SELECT max(ack_ts)::text AS ack, max(read_ts)::text AS read FROM lc_im_reads
     WHERE conv_id = $1 AND client_id <> $2`,
    [conv.id, s.peerId],
  );
  reply(s, cmd, 'max_read', {
    cid: conv.id,
    ...(row?.ack ? { maxAckTimestamp: Number(row.ack) } : {}),
    ...(row?.read ? { maxReadTimestamp: Number(row.read) } : {}),
  });
}
