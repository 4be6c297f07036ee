import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from '../store/tables';
import { CONVERSATION_CLASS } from './kinds';

/**
 * Doc 3 unread-count without counting any history: each conversation keeps its message count,
 * each member the count it has read up to (its own sends, and the count when it joined), so a
 * client's unread messages are a difference per conversation it belongs to.
 */
export async function unreadCount(sql: Sql, clientId: string, convId: string | undefined): Promise<number> {
  const params: unknown[] = [JSON.stringify({ m: [clientId] }), clientId];
  let one = '';
  if (convId !== undefined) {
    params.push(convId);
    one = 'AND c.id = $3';
  }
  const [row] = await sql.query<{ n: string }>(
    `SELECT COALESCE(sum(GREATEST(s.msg_count - COALESCE(r.seen, 0), 0)), 0)::text AS n
     FROM ${tableFor(CONVERSATION_CLASS)} c
     JOIN lc_im_conv_state s ON s.conv_id = c.id
     LEFT JOIN lc_im_reads r ON r.client_id = $2 AND r.conv_id = c.id
     WHERE c.data @> $1::jsonb ${one}`,
    params,
  );
  return Number(row?.n ?? 0);
}

export interface UnreadConversation {
  cid: string;
  unread: number;
  msg_id: string | null;
  ts: string | null;
  from_client: string | null;
  data: string | null;
  bin: boolean | null;
  patched_at: string | null;
}

/** A client's conversations with unread messages, each with its count and newest message. */
export async function unreadByConversation(
  sql: Sql,
  clientId: string,
  limit = 1000,
): Promise<UnreadConversation[]> {
  const rows = await sql.query<UnreadConversation & { unread: string }>(
    `SELECT c.id AS cid, (s.msg_count - COALESCE(r.seen, 0))::text AS unread, lm.msg_id, lm.ts::text AS ts,
       lm.from_client, lm.data, lm.bin, lm.patched_at::text AS patched_at
     FROM ${tableFor(CONVERSATION_CLASS)} c
     JOIN lc_im_conv_state s ON s.conv_id = c.id
     LEFT JOIN lc_im_reads r ON r.client_id = $2 AND r.conv_id = c.id
     LEFT JOIN LATERAL (
       SELECT msg_id, ts, from_client, data, bin, patched_at FROM lc_im_messages m
       WHERE m.conv_id = c.id ORDER BY m.ts DESC LIMIT 1
     ) lm ON true
     WHERE c.data @> $1::jsonb AND s.msg_count - COALESCE(r.seen, 0) > 0
     ORDER BY s.last_ts DESC LIMIT $3`,
    [JSON.stringify({ m: [clientId] }), clientId, limit],
  );
  return rows.map((r) => ({ ...r, unread: Number(r.unread) }));
}
