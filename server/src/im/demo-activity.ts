import type { Sql } from '@switchboard/shared/sql';
import { newMessageId } from './messages';
import { bucketOf, ONLINE_BUCKET_MS } from './online-samples';
import { DAY_MS } from './stats';

const LINES = [
  'Is the blue one back in stock?',
  'Yes, since this morning.',
  'Can you hold one for me until Friday?',
  'Done, it is under your name.',
  'Thanks!',
  'Delivery is on its way.',
];
const text = (t: string) => JSON.stringify({ _lctype: -1, _lctext: t });

/** Busier on weekdays, with a slow rise over the month, so the charts have a shape. */
const messagesOn = (daysAgo: number, weekday: number) =>
  8 + ((29 - daysAgo) >> 1) + (weekday === 0 || weekday === 6 ? 0 : 10) + ((daysAgo * 7) % 5);

/**
 * Past activity for the messaging overview, written straight into the IM area's tables (the REST
 * API stamps messages with the current time): a month of messages between `senders` in the
 * conversation `convId`, logins of some of `users` each day, and online clients over the last day.
 */
export async function seedDemoActivity(
  sql: Sql,
  { convId, senders, users, now }: { convId: string; senders: string[]; users: string[]; now: number },
): Promise<void> {
  const today = Math.floor(now / DAY_MS);
  let stored = 0;
  for (let ago = 29; ago >= 1; ago--) {
    const day = today - ago;
    const n = messagesOn(ago, new Date(day * DAY_MS).getUTCDay());
    const rows = Array.from({ length: n }, (_, i) => {
      // Spread over the working hours of the day, 08:00 to 20:00 UTC.
      const ts = day * DAY_MS + 8 * 3_600_000 + Math.floor((i * 12 * 3_600_000) / n) + ago;
      return [ts, newMessageId(ts), senders[i % senders.length]!, text(LINES[i % LINES.length]!)];
    });
    await sql.query(
      `INSERT INTO lc_im_messages (conv_id, ts, msg_id, kind, from_client, data, lctype)
       SELECT $1, r.ts, r.id, 'conv', r.f, r.d, -1
         FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[]) AS r(ts, id, f, d)`,
      [convId, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
    );
    stored += n;
    const active = users.slice(0, Math.min(users.length, 2 + ((ago * 3) % 7)));
    await sql.query(
      `INSERT INTO lc_im_logins (day, client_id) SELECT $1::date, u FROM unnest($2::text[]) u ON CONFLICT DO NOTHING`,
      [new Date(day * DAY_MS).toISOString().slice(0, 10), active],
    );
  }
  await sql.query('UPDATE lc_im_conv_state SET msg_count = msg_count + $2 WHERE conv_id = $1', [
    convId,
    stored,
  ]);
  const last = bucketOf(now);
  const buckets = Math.round(DAY_MS / ONLINE_BUCKET_MS);
  const at = Array.from({ length: buckets }, (_, i) => last - (buckets - i) * ONLINE_BUCKET_MS);
  // Most clients online in the (UTC) afternoon, fewest at night.
  const count = at.map((t) => {
    const hour = (t % DAY_MS) / 3_600_000;
    return Math.max(0, Math.round(users.length * (0.5 - 0.5 * Math.cos(((hour - 3) / 24) * 2 * Math.PI))));
  });
  await sql.query(
    `INSERT INTO lc_im_online (at, n) SELECT * FROM unnest($1::bigint[], $2::int[]) ON CONFLICT DO NOTHING`,
    [at, count],
  );
}
