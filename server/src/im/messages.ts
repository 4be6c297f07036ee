import { randomBytes } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from '../store/tables';
import { CONVERSATION_CLASS } from './kinds';
import type { ConvKind } from './kinds';
import { historyClause } from './history';
import type { HistoryQuery } from './history';

/** A stored message, as the table holds it. */
export interface MessageRow {
  conv_id: string;
  ts: string;
  msg_id: string;
  kind: ConvKind;
  from_client: string;
  data: string;
  to_clients: string[] | null;
  broadcast: boolean;
  global: boolean;
  valid_till: string | null;
  recalled: boolean;
  bin: boolean;
  from_ip: string;
  patched_at: string | null;
  extra: Record<string, unknown> | null;
}

export interface NewMessage {
  convId: string;
  kind: ConvKind;
  from: string;
  data: string;
  /** Transient messages get an id and a timestamp but no place in the history. */
  transient?: boolean | undefined;
  toClients?: string[] | undefined;
  broadcast?: boolean;
  global?: boolean;
  validTill?: number | undefined;
  fromIp?: string | undefined;
  /** data holds base64 of binary content (the realtime protocol's binaryMsg). */
  bin?: boolean;
  extra?: Record<string, unknown>;
}

/** 22 url-safe characters, like the message ids LeanCloud hands out. */
export const newMessageId = () => randomBytes(16).toString('base64url').slice(0, 22);

/**
 * Stores a message. The conversation's clock row gives it a timestamp above every earlier one
 * (the receive time, or one past the last when several arrive in one millisecond), in one
 * statement, so concurrent sends of a conversation never share a timestamp.
 */
export async function storeMessage(
  sql: Sql,
  m: NewMessage,
  now: number,
): Promise<{ msgId: string; ts: number }> {
  const msgId = newMessageId();
  return sql.transaction(async (tx) => {
    const [clock] = await tx.query<{ last_ts: string; msg_count: string }>(
      `INSERT INTO lc_im_conv_state AS s (conv_id, last_ts, msg_count) VALUES ($1, $2, $3)
       ON CONFLICT (conv_id) DO UPDATE SET last_ts = GREATEST(EXCLUDED.last_ts, s.last_ts + 1),
         msg_count = s.msg_count + EXCLUDED.msg_count
       RETURNING last_ts::text, msg_count::text`,
      [m.convId, now, m.transient ? 0 : 1],
    );
    const ts = Number(clock?.last_ts ?? now);
    if (m.transient) return { msgId, ts };
    await tx.query(
      `INSERT INTO lc_im_messages (conv_id, ts, msg_id, kind, from_client, data, to_clients, broadcast, global,
         valid_till, from_ip, extra, bin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        m.convId,
        ts,
        msgId,
        m.kind,
        m.from,
        m.data,
        m.toClients ?? null,
        m.broadcast ?? false,
        m.global ?? false,
        m.validTill ?? null,
        m.fromIp ?? '',
        m.extra ? JSON.stringify(m.extra) : null,
        m.bin ?? false,
      ],
    );
    if (m.kind === 'conv') {
      // The sender has read the conversation up to its own message (unread counts).
      await tx.query(
        `INSERT INTO lc_im_reads (conv_id, client_id, seen) VALUES ($1, $2, $3)
         ON CONFLICT (client_id, conv_id) DO UPDATE SET seen = EXCLUDED.seen`,
        [m.convId, m.from, clock?.msg_count ?? 1],
      );
    }
    // Doc 3 keeps lm (last message time) current on the conversation.
    await tx.query(
      `UPDATE ${tableFor(CONVERSATION_CLASS)} SET data = jsonb_set(data, '{lm}', $2::jsonb) WHERE id = $1`,
      [m.convId, JSON.stringify({ __type: 'Date', iso: new Date(ts).toISOString() })],
    );
    return { msgId, ts };
  });
}

/** Doc 3 Message record. */
export function messageRecord(r: MessageRow): Record<string, unknown> {
  return {
    timestamp: Number(r.ts),
    'conv-id': r.conv_id,
    data: r.data,
    from: r.from_client,
    'msg-id': r.msg_id,
    'is-conv': r.kind !== 'room',
    'is-room': r.kind === 'room',
    to: r.conv_id,
    bin: r.bin,
    'from-ip': r.from_ip,
    ...(r.recalled ? { recalled: true } : {}),
    ...(r.to_clients ? { to_clients: r.to_clients } : {}),
  };
}

const COLUMNS = `conv_id, ts::text AS ts, msg_id, kind, from_client, data, to_clients, broadcast, global,
  valid_till::text AS valid_till, recalled, bin, from_ip, patched_at::text AS patched_at, extra`;

/** One page of history under `scope` (SQL conditions over lc_im_messages with params $1..$n). */
export async function historyPage(
  sql: Sql,
  scope: { where: string[]; params: unknown[] },
  h: HistoryQuery,
): Promise<Record<string, unknown>[]> {
  return (await historyRows(sql, scope, h)).map(messageRecord);
}

/** The rows of one history page, in the page's order. */
export async function historyRows(
  sql: Sql,
  scope: { where: string[]; params: unknown[] },
  h: HistoryQuery,
): Promise<MessageRow[]> {
  const c = historyClause(h, scope.params.length + 1);
  const params = [...scope.params, ...c.params, h.limit];
  const where = [...scope.where, ...c.where];
  const rows = await sql.query<MessageRow>(
    `SELECT ${COLUMNS} FROM lc_im_messages WHERE ${where.length ? where.join(' AND ') : 'true'}
     ORDER BY ${c.order} LIMIT $${params.length}`,
    params,
  );
  return rows;
}

export async function findMessage(sql: Sql, convId: string, msgId: string): Promise<MessageRow | undefined> {
  const [row] = await sql.query<MessageRow>(
    `SELECT ${COLUMNS} FROM lc_im_messages WHERE conv_id = $1 AND msg_id = $2`,
    [convId, msgId],
  );
  return row;
}

export async function findMessageById(sql: Sql, msgId: string): Promise<MessageRow | undefined> {
  const [row] = await sql.query<MessageRow>(`SELECT ${COLUMNS} FROM lc_im_messages WHERE msg_id = $1`, [
    msgId,
  ]);
  return row;
}

export async function replaceMessage(sql: Sql, msgId: string, data: string, patchTs: number): Promise<void> {
  await sql.query('UPDATE lc_im_messages SET data = $2, bin = false, patched_at = $3 WHERE msg_id = $1', [
    msgId,
    data,
    patchTs,
  ]);
}

/** A recalled message keeps its place in the history, without its content. */
export async function recallMessage(sql: Sql, msgId: string, patchTs: number): Promise<void> {
  await sql.query(
    "UPDATE lc_im_messages SET recalled = true, data = '', bin = false, patched_at = $2 WHERE msg_id = $1",
    [msgId, patchTs],
  );
}

export async function deleteMessage(sql: Sql, msgId: string): Promise<void> {
  await sql.query('DELETE FROM lc_im_messages WHERE msg_id = $1', [msgId]);
}
