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
  /** Send parameters kept with the message (push_data, mentions...). */
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
  /** An id handed out before the message is stored (a realtime will message's). */
  msgId?: string;
}

/** 64 url-safe characters in byte order, so that ids compare (COLLATE "C") as their numbers do. */
const SORTED = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * A typed message's _lctype (Doc 3: -1 text, -2 image, ...; apps add their own positive ones),
 * or null for text that is not a JSON object with an integer _lctype.
 */
export function lctypeOf(data: string): number | null {
  if (!data.trimStart().startsWith('{')) return null;
  try {
    const t = (JSON.parse(data) as { _lctype?: unknown })._lctype;
    return Number.isInteger(t) && Math.abs(t as number) <= 0x7fffffff ? (t as number) : null;
  } catch {
    return null;
  }
}

/**
 * 22 url-safe characters, like the message ids LeanCloud hands out: 8 for the time (ms) and 14
 * random ones. Ids made later sort later, so a new id's place in the unique index is at its end,
 * which stays in memory, instead of anywhere in an index of millions of messages.
 */
export function newMessageId(now = Date.now()): string {
  let time = '';
  for (let t = Math.floor(now), i = 0; i < 8; i++, t = Math.floor(t / 64)) time = SORTED[t % 64] + time;
  return time + Array.from(randomBytes(14), (b) => SORTED[b % 64]).join('');
}

/** A conversation of `kind`, as a condition over the conversation table named c. */
const KIND_SQL: Record<ConvKind | 'any', string> = {
  conv: `NOT c.data @> '{"tr": true}' AND NOT c.data @> '{"sys": true}'`,
  room: `c.data @> '{"tr": true}'`,
  sys: `c.data @> '{"sys": true}'`,
  any: 'true',
};

/** Doc 3 lm as a Date value, built from the bigint timestamp with integer arithmetic (exact ms). */
const LM_SQL = `jsonb_build_object('__type', 'Date', 'iso',
  to_char(timestamp 'epoch' + (k.last_ts / 1000) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS')
  || '.' || lpad((k.last_ts % 1000)::text, 3, '0') || 'Z')`;

/**
 * Stores a message in one statement (one database round trip, atomic as any statement): the
 * conversation's clock row gives it a timestamp above every earlier one (the receive time, or one
 * past the last when several arrive in one millisecond), so concurrent sends of a conversation
 * never share a timestamp; the message row, the sender's read mark (unread counts) and the
 * conversation's lm (Doc 3: last message time) are written with it. Returns undefined when no
 * conversation `m.convId` of kind `m.kind` exists (nothing is written then).
 */
export async function storeMessage(
  sql: Sql,
  m: NewMessage,
  now: number,
  /** The kind the conversation must have; its own kind when the caller has already checked it. */
  require: ConvKind | 'any' = m.kind,
): Promise<{ msgId: string; ts: number } | undefined> {
  const msgId = m.msgId ?? newMessageId(now);
  const transient = m.transient === true;
  const rows = await sql.query<{ last_ts: string }>(
    `WITH c AS (
       SELECT c.id FROM ${tableFor(CONVERSATION_CLASS)} c WHERE c.id = $1::text AND ${KIND_SQL[require]}
     ), k AS (
       INSERT INTO lc_im_conv_state AS s (conv_id, last_ts, msg_count) SELECT c.id, $2::bigint, $3::bigint FROM c
       ON CONFLICT (conv_id) DO UPDATE SET last_ts = GREATEST(EXCLUDED.last_ts, s.last_ts + 1),
         msg_count = s.msg_count + EXCLUDED.msg_count
       RETURNING last_ts, msg_count
     ), msg AS (
       INSERT INTO lc_im_messages (conv_id, ts, msg_id, kind, from_client, data, to_clients, broadcast, global,
         valid_till, from_ip, extra, bin, lctype)
       SELECT $1, k.last_ts, $4::text, $5::text, $6::text, $7::text, $8::text[], $9::boolean, $10::boolean,
         $11::bigint, $12::text, $13::jsonb, $15::boolean, $16::integer FROM k WHERE NOT $14::boolean
     ), seen AS (
       INSERT INTO lc_im_reads (conv_id, client_id, seen) SELECT $1, $6, k.msg_count FROM k
       WHERE NOT $14::boolean AND $5::text = 'conv'
       ON CONFLICT (client_id, conv_id) DO UPDATE SET seen = EXCLUDED.seen
     ), lm AS (
       UPDATE ${tableFor(CONVERSATION_CLASS)} t SET data = jsonb_set(t.data, '{lm}', ${LM_SQL})
       FROM k WHERE t.id = $1 AND NOT $14::boolean
     )
     SELECT last_ts::text AS last_ts FROM k`,
    [
      m.convId,
      now,
      transient ? 0 : 1,
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
      transient,
      m.bin ?? false,
      m.bin ? null : lctypeOf(m.data),
    ],
  );
  const [row] = rows;
  return row ? { msgId, ts: Number(row.last_ts) } : undefined;
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
    // Mentions as the realtime protocol names them, so a reader of the history sees who was called.
    ...(r.extra?.mention_all === true ? { 'mention-all': true } : {}),
    ...(Array.isArray(r.extra?.mention_client_ids) ? { 'mention-pids': r.extra.mention_client_ids } : {}),
  };
}

const COLUMNS = `conv_id, ts::text AS ts, msg_id, kind, from_client, data, to_clients, broadcast, global,
  valid_till::text AS valid_till, recalled, bin, from_ip, patched_at::text AS patched_at, extra`;

/**
 * One page of history under `scope` (SQL conditions over lc_im_messages with params $1..$n) as
 * Doc 3 Message records. With `conv`, the same statement (one round trip) tells whether that
 * conversation exists as that kind; the page is read only when it does.
 */
export async function historyPage(
  sql: Sql,
  scope: { where: string[]; params: unknown[] },
  h: HistoryQuery,
  conv?: { id: string; kind: ConvKind | 'any' },
): Promise<{ found: boolean; records: Record<string, unknown>[] }> {
  if (!conv) return { found: true, records: (await historyRows(sql, scope, h)).map(messageRecord) };
  const page = pageQuery(scope, h, `${COLUMNS}, lc_im_messages.ts AS sort_ts`);
  const params = [...page.params, conv.id];
  const dir = h.reversed ? 'ASC' : 'DESC';
  // One row with no message when the conversation is missing or the page empty.
  const rows = await sql.query<MessageRow & { found: boolean }>(
    `SELECT f.found, m.* FROM (
       SELECT EXISTS (SELECT 1 FROM ${tableFor(CONVERSATION_CLASS)} c
         WHERE c.id = $${params.length}::text AND ${KIND_SQL[conv.kind]}) AS found
     ) f LEFT JOIN LATERAL (${page.text}) m ON f.found
     ORDER BY m.sort_ts ${dir}, m.msg_id ${dir}`,
    params,
  );
  return {
    found: rows[0]?.found === true,
    records: rows.filter((r) => r.msg_id !== null).map(messageRecord),
  };
}

/** The rows of one history page, in the page's order. */
export async function historyRows(
  sql: Sql,
  scope: { where: string[]; params: unknown[] },
  h: HistoryQuery,
): Promise<MessageRow[]> {
  const page = pageQuery(scope, h, COLUMNS);
  return sql.query<MessageRow>(page.text, page.params);
}

/** The SELECT of one history page under `scope`, in the page's order, with its params. */
function pageQuery(
  scope: { where: string[]; params: unknown[] },
  h: HistoryQuery,
  columns: string,
): { text: string; params: unknown[] } {
  const c = historyClause(h, scope.params.length + 1);
  const params = [...scope.params, ...c.params, h.limit];
  const where = [...scope.where, ...c.where];
  return {
    text: `SELECT ${columns} FROM lc_im_messages WHERE ${where.length ? where.join(' AND ') : 'true'}
     ORDER BY ${c.order} LIMIT $${params.length}`,
    params,
  };
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
  await sql.query(
    'UPDATE lc_im_messages SET data = $2, bin = false, patched_at = $3, lctype = $4 WHERE msg_id = $1',
    [msgId, data, patchTs, lctypeOf(data)],
  );
}

/** A recalled message keeps its place in the history, without its content. */
export async function recallMessage(sql: Sql, msgId: string, patchTs: number): Promise<void> {
  await sql.query(
    "UPDATE lc_im_messages SET recalled = true, data = '', bin = false, patched_at = $2, lctype = NULL WHERE msg_id = $1",
    [msgId, patchTs],
  );
}

export async function deleteMessage(sql: Sql, msgId: string): Promise<void> {
  await sql.query('DELETE FROM lc_im_messages WHERE msg_id = $1', [msgId]);
}
