import type { Sql } from '@switchboard/shared/sql';

export interface SubscriberEntry {
  timestamp: number;
  subscriber: string;
  conv_id: string;
}

interface Row {
  conv_id: string;
  client_id: string;
  subscribed_at: string;
}

const entry = (r: Row): SubscriberEntry => ({
  timestamp: Number(r.subscribed_at),
  subscriber: r.client_id,
  conv_id: r.conv_id,
});

/** Subscribing again keeps the first subscription time. */
export async function subscribe(sql: Sql, convId: string, clientId: string, now: number): Promise<void> {
  await sql.query(
    `INSERT INTO lc_im_subscribers (conv_id, client_id, subscribed_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING`,
    [convId, clientId, now],
  );
}

export async function unsubscribe(sql: Sql, convId: string, clientId: string): Promise<void> {
  await sql.query('DELETE FROM lc_im_subscribers WHERE conv_id = $1 AND client_id = $2', [convId, clientId]);
}

/** Subscribers by client id, after `after` (Doc 3: "pass the last returned subscriber as client_id"). */
export async function listSubscribers(
  sql: Sql,
  convId: string,
  after: string | undefined,
  limit: number,
): Promise<SubscriberEntry[]> {
  const rows = await sql.query<Row>(
    `SELECT conv_id, client_id, subscribed_at::text AS subscribed_at FROM lc_im_subscribers
     WHERE conv_id = $1 AND ($2::text IS NULL OR client_id > $2) ORDER BY client_id LIMIT $3`,
    [convId, after ?? null, limit],
  );
  return rows.map(entry);
}

export async function countSubscribers(sql: Sql, convId: string): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM lc_im_subscribers WHERE conv_id = $1',
    [convId],
  );
  return row?.n ?? 0;
}

/**
 * A client's subscriptions ordered by (subscription time, conversation id): `new` oldest first,
 * `old` newest first; the cursor is the (conv_id, timestamp) of the last entry seen.
 */
export async function subscriptionsOf(
  sql: Sql,
  clientId: string,
  o: { after?: { convId: string; ts: number } | undefined; limit: number; direction: 'old' | 'new' },
): Promise<SubscriberEntry[]> {
  const op = o.direction === 'new' ? '>' : '<';
  const order = o.direction === 'new' ? 'ASC' : 'DESC';
  const params: unknown[] = [clientId, o.limit];
  let cursor = '';
  if (o.after) {
    params.push(o.after.ts, o.after.convId);
    cursor = `AND (subscribed_at, conv_id) ${op} ($3, $4)`;
  }
  const rows = await sql.query<Row>(
    `SELECT conv_id, client_id, subscribed_at::text AS subscribed_at FROM lc_im_subscribers
     WHERE client_id = $1 ${cursor} ORDER BY subscribed_at ${order}, conv_id ${order} LIMIT $2`,
    params,
  );
  return rows.map(entry);
}
