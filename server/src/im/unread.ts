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
