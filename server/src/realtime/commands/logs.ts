import { HISTORY_MAX_LIMIT } from '../../im/history';
import type { HistoryQuery } from '../../im/history';
import { kindOf } from '../../im/kinds';
import { historyRows } from '../../im/messages';
import type { MessageRow } from '../../im/messages';
import { RtmCode, RtmError } from '../codes';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { findConversation } from './find';
import { requiredString, sub } from './fields';

/** The SDKs' documented default page: 20 messages. */
const LOGS_DEFAULT_LIMIT = 20;
const NEW = 'NEW';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** A LogsCommand as the REST history's query: t/mid start, tt/tmid end, direction NEW = reversed. */
export function logsQuery(lm: Record<string, unknown>): HistoryQuery {
  const h: HistoryQuery = {
    timestamp: num(lm.t),
    msgid: str(lm.mid),
    tillTimestamp: num(lm.tt),
    tillMsgid: str(lm.tmid),
    includeStart: lm.tIncluded === true,
    includeStop: lm.ttIncluded === true,
    reversed: lm.direction === NEW,
    limit: Math.min(num(lm.limit) ?? num(lm.l) ?? LOGS_DEFAULT_LIMIT, HISTORY_MAX_LIMIT),
  };
  if (h.msgid !== undefined && h.timestamp === undefined)
    throw new RtmError(RtmCode.ConversationLogFailed, 'mid must be used with t.');
  if (h.tillMsgid !== undefined && h.tillTimestamp === undefined)
    throw new RtmError(RtmCode.ConversationLogFailed, 'tmid must be used with tt.');
  return h;
}

function logItem(r: MessageRow): Record<string, unknown> {
  const mentions = r.extra?.mention_client_ids;
  return {
    from: r.from_client,
    data: r.data,
    timestamp: Number(r.ts),
    msgId: r.msg_id,
    ...(r.bin ? { bin: true } : {}),
    ...(r.patched_at ? { patchTimestamp: Number(r.patched_at) } : {}),
    ...(r.extra?.mention_all === true ? { mentionAll: true } : {}),
    ...(Array.isArray(mentions) ? { mentionPids: mentions } : {}),
  };
}

/** logs: a conversation's history with the REST rules, oldest first as the SDKs expect. */
export async function logs(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const lm = sub(cmd, 'logsMessage');
  const cid = requiredString(lm, 'cid', 'The conversation id');
  // queryMessages({type}): only messages of that _lctype. 0 is protobuf's "not set".
  const lctype = lm.lctype ?? 0;
  if (!Number.isInteger(lctype) || Math.abs(lctype as number) > 0x7fffffff)
    throw new RtmError(RtmCode.ConversationLogFailed, 'lctype must be an integer message type.');
  const h = logsQuery(lm);
  const conv = await findConversation(ctx, cid);
  if (!conv) throw new RtmError(RtmCode.ConversationNotFound, `No conversation ${JSON.stringify(cid)}.`);
  const members = Array.isArray(conv.data.m) ? (conv.data.m as unknown[]) : [];
  if (kindOf(conv.data) === 'conv' && !members.includes(s.peerId))
    throw new RtmError(RtmCode.ConversationMembershipRequired, `${s.peerId} is not a member of ${cid}.`);
  const scope =
    lctype === 0
      ? { where: ['conv_id = $1'], params: [cid] }
      : { where: ['conv_id = $1', 'lctype = $2::integer'], params: [cid, lctype] };
  const rows = await historyRows(ctx.sql, scope, h);
  if (!h.reversed) rows.reverse();
  s.conn.send({ cmd: 'logs', i: cmd.i, peerId: s.peerId, logsMessage: { logs: rows.map(logItem) } });
}
