import { kindOf } from '../../im/kinds';
import { newMessageId } from '../../im/messages';
import { publishMessage } from '../../im/publish';
import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { findConversation } from './find';
import { isShutup } from './moderation';
import { keepWill } from './wills';
import { requiredString, stringList, sub } from './fields';

/** Doc 3 message size: 5 KB of content. */
export const MESSAGE_MAX_BYTES = 5 * 1024;

/**
 * direct: a message from the client to a conversation it is in. Stored like a REST send, answered
 * with ack (id and timestamp), delivered to every other connection of the members.
 */
export async function direct(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const dm = sub(cmd, 'directMessage');
  const cid = requiredString(dm, 'cid', 'The conversation id');
  // Both reads at once: on Postgres they take two pool connections instead of two round trips in turn.
  const [conv, shutup] = await Promise.all([findConversation(ctx, cid), isShutup(ctx, cid, s.peerId)]);
  if (!conv) throw new RtmError(RtmCode.InvalidMessagingTarget, `No conversation ${JSON.stringify(cid)}.`);
  const kind = kindOf(conv.data);
  const members = Array.isArray(conv.data.m) ? (conv.data.m as unknown[]) : [];
  if (kind === 'sys')
    throw new RtmError(RtmCode.InvalidMessagingTarget, 'Service conversations take messages through REST.');
  if (kind === 'conv' && !members.includes(s.peerId))
    throw new RtmError(RtmCode.InvalidMessagingTarget, `${s.peerId} is not a member of ${cid}.`);
  if (kind === 'conv' && shutup)
    throw new RtmError(RtmCode.ConversationNotAllowed, `${s.peerId} is muted in ${cid}.`);
  const binary = Buffer.isBuffer(dm.binaryMsg) && dm.binaryMsg.length > 0 ? dm.binaryMsg : undefined;
  const text = typeof dm.msg === 'string' ? dm.msg : '';
  if ((binary?.length ?? Buffer.byteLength(text)) > MESSAGE_MAX_BYTES)
    throw new RtmError(RtmCode.InvalidMessagingTarget, 'A message is at most 5 KB.');
  const extra: Record<string, unknown> = {};
  if (dm.r === true) extra.r = true;
  if (typeof dm.pushData === 'string' && dm.pushData !== '') extra.push_data = dm.pushData;
  if (typeof cmd.priority === 'number') extra.priority = cmd.priority;
  const mentionPids = stringList(dm.mentionPids, 1000, 'mentioned clients');
  // Under the REST names, so the history shows mentions alike whichever way a message came.
  if (mentionPids.length) extra.mention_client_ids = mentionPids;
  if (dm.mentionAll === true) extra.mention_all = true;
  const message = {
    convId: cid,
    kind,
    from: s.peerId,
    data: binary ? binary.toString('base64') : text,
    bin: binary !== undefined,
    transient: dm.transient === true,
    extra,
    ...(mentionPids.length ? { mentionPids } : {}),
    ...(dm.mentionAll === true ? { mentionAll: true } : {}),
  };
  if (dm.will === true) {
    // A will message waits until the connection drops; its id is handed out now.
    const now = ctx.im.clock.now().getTime();
    const msgId = newMessageId(now);
    await keepWill(ctx, s, { ...message, msgId });
    s.conn.send({ cmd: 'ack', i: cmd.i, peerId: s.peerId, ackMessage: { uid: msgId, t: now } });
    return;
  }
  const sent = await publishMessage(ctx.im, ctx.sql, conv, message, `${s.conn.id}:${s.peerId}`);
  s.conn.send({ cmd: 'ack', i: cmd.i, peerId: s.peerId, ackMessage: { uid: sent.msgId, t: sent.ts } });
}
