import { kindOf } from '../../im/kinds';
import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { findConversation } from './find';
import { jsonObject, requiredString, sub } from './fields';
import { internalRequest } from './request';

const TEMP_FIELDS = new Set(['temp', 'ttl', 'expireAt']);

async function memberConversation(ctx: RealtimeContext, s: Session, cmd: Command) {
  const cid = requiredString(sub(cmd, 'convMessage'), 'cid', 'The conversation id');
  const conv = await findConversation(ctx, cid);
  if (!conv) throw new RtmError(RtmCode.ConversationNotFound, `No conversation ${JSON.stringify(cid)}.`);
  const members = Array.isArray(conv.data.m) ? (conv.data.m as unknown[]) : [];
  if (kindOf(conv.data) === 'conv' && !members.includes(s.peerId))
    throw new RtmError(RtmCode.ConversationMembershipRequired, `${s.peerId} is not a member of ${cid}.`);
  return conv;
}

/** conv update: a member changes the conversation's attributes (the REST update rules). */
export async function updateConversation(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const conv = await memberConversation(ctx, s, cmd);
  const attr = jsonObject(sub(cmd, 'convMessage').attr, 'attr') ?? {};
  // A temporary conversation's life is set when it starts, not extended by an update.
  for (const key of Object.keys(attr))
    if (TEMP_FIELDS.has(key.split('.')[0] ?? key))
      throw new RtmError(RtmCode.ConversationNotAllowed, `${key} is set by the server.`);
  const out = await ctx.im.conversations.update(internalRequest(ctx, attr), kindOf(conv.data), conv.id);
  const udate = (out.body as { updatedAt: string }).updatedAt;
  s.conn.send({
    cmd: 'conv',
    op: 'updated',
    i: cmd.i,
    peerId: s.peerId,
    convMessage: { cid: conv.id, udate },
  });
  // The other members learn what changed (the SDK's INFO_UPDATED event).
  const others = Array.isArray(conv.data.m) ? (conv.data.m as unknown[]).filter((m) => m !== s.peerId) : [];
  if (others.length && Object.keys(attr).length)
    ctx.hub.send(
      { peers: others as string[] },
      {
        cmd: 'conv',
        op: 'updated',
        convMessage: { cid: conv.id, initBy: s.peerId, udate, attr: { data: JSON.stringify(attr) } },
      },
    );
}

/** conv mute / unmute: the client stops or resumes offline push for this conversation (`mu`). */
export async function muteConversation(
  ctx: RealtimeContext,
  s: Session,
  cmd: Command,
  mute: boolean,
): Promise<void> {
  const conv = await memberConversation(ctx, s, cmd);
  if (kindOf(conv.data) !== 'conv')
    throw new RtmError(RtmCode.ConversationNotAllowed, 'Only conversations with members can be muted.');
  await ctx.im.conversations.changeList(
    internalRequest(ctx, { client_ids: [s.peerId] }),
    conv.id,
    'mu',
    mute ? 'AddUnique' : 'Remove',
  );
  s.conn.send({
    cmd: 'conv',
    op: mute ? 'mute' : 'unmute',
    i: cmd.i,
    peerId: s.peerId,
    convMessage: { cid: conv.id },
  });
}
