import { LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { boolParam, intParam, stringParam } from './params';

/** Doc 3 History query parameters, parsed. */
export interface HistoryQuery {
  msgid?: string | undefined;
  timestamp?: number | undefined;
  tillMsgid?: string | undefined;
  tillTimestamp?: number | undefined;
  includeStart: boolean;
  includeStop: boolean;
  reversed: boolean;
  limit: number;
}

export const HISTORY_DEFAULT_LIMIT = 100;
export const HISTORY_MAX_LIMIT = 1000;

export function parseHistory(q: Record<string, string>): HistoryQuery {
  const h: HistoryQuery = {
    msgid: stringParam(q, 'msgid'),
    timestamp: intParam(q, 'timestamp', undefined),
    tillMsgid: stringParam(q, 'till_msgid'),
    tillTimestamp: intParam(q, 'till_timestamp', undefined),
    includeStart: boolParam(q, 'include_start'),
    includeStop: boolParam(q, 'include_stop'),
    reversed: boolParam(q, 'reversed'),
    limit: intParam(q, 'limit', HISTORY_DEFAULT_LIMIT, 1, HISTORY_MAX_LIMIT) ?? HISTORY_DEFAULT_LIMIT,
  };
  if (h.msgid !== undefined && h.timestamp === undefined)
    throw badRequest(LcCode.InvalidParameter, 'msgid must be used with timestamp.');
  if (h.tillMsgid !== undefined && h.tillTimestamp === undefined)
    throw badRequest(LcCode.InvalidParameter, 'till_msgid must be used with till_timestamp.');
  return h;
}

/**
 * The WHERE conditions and ORDER BY of a history page over (ts, msg_id). Newest first by default:
 * the start bound is above, the end bound below; reversed swaps both. A bound with a message id
 * compares the pair, so messages of one millisecond in different conversations page exactly; an
 * absent start means "now" (no bound: a timestamp handed out a millisecond ahead still shows).
 */
// Qualified: the select list renames ts (as text), and ORDER BY would otherwise sort that alias.
const DESC = 'lc_im_messages.ts DESC, lc_im_messages.msg_id DESC';
const ASC = 'lc_im_messages.ts ASC, lc_im_messages.msg_id ASC';

export function historyClause(
  h: HistoryQuery,
  firstParam: number,
): { where: string[]; params: unknown[]; order: string } {
  const where: string[] = [];
  const params: unknown[] = [];
  const bound = (ts: number | undefined, id: string | undefined, op: '<' | '>', inclusive: boolean) => {
    if (ts === undefined) return;
    const o = inclusive ? `${op}=` : op;
    params.push(ts);
    // Typed, so the comparison is bigint to bigint and the (…, ts, msg_id) indexes serve it.
    const tsRef = `$${firstParam + params.length - 1}::bigint`;
    if (id === undefined) {
      where.push(`ts ${o} ${tsRef}`);
      return;
    }
    params.push(id);
    where.push(`(ts, msg_id) ${o} (${tsRef}, $${firstParam + params.length - 1}::text)`);
  };
  if (!h.reversed) {
    bound(h.timestamp, h.msgid, '<', h.includeStart);
    bound(h.tillTimestamp ?? 0, h.tillMsgid, '>', h.includeStop);
    return { where, params, order: DESC };
  }
  bound(h.timestamp ?? 0, h.msgid, '>', h.includeStart);
  bound(h.tillTimestamp, h.tillMsgid, '<', h.includeStop);
  return { where, params, order: ASC };
}
