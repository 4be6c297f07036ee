import { kindOf } from '../../im/kinds';
import { findMessage, recallMessage, replaceMessage } from '../../im/messages';
import { patchOf } from '../../im/message-ops';
import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { findConversation } from './find';
import { MESSAGE_MAX_BYTES } from './direct';
import { sub } from './fields';

/** patch modify: the sender edits or recalls its own message; members get `patch modify`. */
export async function patch(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const pm = sub(cmd, 'patchMessage');
  const items = Array.isArray(pm.patches) ? (pm.patches as Record<string, unknown>[]) : [];
  if (items.length !== 1) throw new RtmError(RtmCode.MessageNotFound, 'A patch names exactly one message.');
  const item = items[0] ?? {};
  const cid = typeof item.cid === 'string' ? item.cid : '';
  const mid = typeof item.mid === 'string' ? item.mid : '';
  const conv = await findConversation(ctx, cid);
  const row = conv ? await findMessage(ctx.sql, cid, mid) : undefined;
  if (!conv || !row || (typeof item.timestamp === 'number' && Number(row.ts) !== item.timestamp))
    throw new RtmError(
      RtmCode.MessageNotFound,
      `No message ${JSON.stringify(mid)} in ${JSON.stringify(cid)}.`,
    );
  if (row.from_client !== s.peerId)
    throw new RtmError(RtmCode.MessageOwnershipRequired, 'Only the sender may modify or recall a message.');
  const recall = item.recall === true;
  if (Buffer.isBuffer(item.binaryMsg) && item.binaryMsg.length > 0)
    throw new RtmError(RtmCode.Unsupported, 'Editing a binary message is not supported yet.');
  const data = recall ? '' : typeof item.data === 'string' ? item.data : '';
  if (Buffer.byteLength(data) > MESSAGE_MAX_BYTES)
    throw new RtmError(RtmCode.InvalidMessagingTarget, 'A message is at most 5 KB.');
  const patchTs = ctx.im.clock.now().getTime();
  if (recall) await recallMessage(ctx.sql, mid, patchTs);
  else await replaceMessage(ctx.sql, mid, data, patchTs);
  s.conn.send({
    cmd: 'patch',
    op: 'modified',
    i: cmd.i,
    peerId: s.peerId,
    patchMessage: { lastPatchTime: patchTs },
  });
  if (kindOf(conv.data) !== 'room') ctx.hub.patch({ ...patchOf(conv, row, data, recall, patchTs) });
}
