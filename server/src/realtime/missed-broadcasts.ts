import type { Sql } from '@switchboard/shared/sql';
import type { Session } from './connection';
import type { RealtimeContext } from './context';
import { directOf } from './hub';

/** Broadcasts handed over at one login at most (LeanCloud allows 30 a day, valid a month at most). */
const AT_LOGIN_MAX = 1000;

interface Row {
  conv_id: string;
  ts: string;
  msg_id: string;
  from_client: string;
  data: string;
  bin: boolean;
}

/**
 * A global broadcast reached every client online when it was sent: their marks move to its
 * timestamp, so their next login does not bring it again. The clients online are those of
 * lc_im_presence on a live process, every process's at once.
 */
export async function markBroadcastDelivered(sql: Sql, ts: number, timeoutMs: number): Promise<void> {
  await sql.query(
    `INSERT INTO lc_rtm_broadcast_marks (client_id, ts)
     SELECT DISTINCT p.client_id, $1::bigint FROM lc_im_presence p JOIN lc_im_nodes n ON n.node = p.node
      WHERE n.seen_at > now() - $2::bigint * interval '1 millisecond'
     ON CONFLICT (client_id) DO UPDATE SET ts = GREATEST(lc_rtm_broadcast_marks.ts, EXCLUDED.ts)`,
    [ts, timeoutMs],
  );
}

/**
 * Doc 3: a global broadcast reaches every client until its valid_till, the ones that log in later
 * too. At login, the client gets the stored global broadcasts still valid that are newer than
 * its mark (the newest one it got), oldest first, as `direct`s of their service conversations.
 * The mark moves in the same transaction, its row locked, so two logins of one client at once
 * hand each broadcast over once. A deleted broadcast is no longer stored and a modified one is
 * stored with its new content, which is what a client that had not got it yet gets (Doc 3:
 * modifying or deleting reaches only the devices that have not received it). Transient
 * broadcasts are not stored, so they reach only the clients online when sent; recalled ones and
 * those of conversations the client blocked are skipped.
 */
export async function sendMissedBroadcasts(ctx: RealtimeContext, s: Session, now: number): Promise<void> {
  const rows = await ctx.sql.transaction(async (tx) => {
    await tx.query(
      'INSERT INTO lc_rtm_broadcast_marks (client_id, ts) VALUES ($1, 0) ON CONFLICT (client_id) DO NOTHING',
      [s.peerId],
    );
    const [mark] = await tx.query<{ ts: string }>(
      'SELECT ts::text AS ts FROM lc_rtm_broadcast_marks WHERE client_id = $1 FOR UPDATE',
      [s.peerId],
    );
    const found = await tx.query<Row>(
      `SELECT conv_id, ts::text AS ts, msg_id, from_client, data, bin FROM lc_im_messages
        WHERE global AND NOT recalled AND valid_till > $1::bigint AND ts > $2::bigint
          AND conv_id NOT IN (SELECT conv_id FROM lc_im_client_blocks WHERE client_id = $3)
        ORDER BY ts, msg_id LIMIT ${AT_LOGIN_MAX}`,
      [now, mark?.ts ?? '0', s.peerId],
    );
    const newest = found.at(-1);
    if (newest)
      await tx.query('UPDATE lc_rtm_broadcast_marks SET ts = $2::bigint WHERE client_id = $1', [
        s.peerId,
        newest.ts,
      ]);
    return found;
  });
  for (const r of rows)
    s.conn.send({
      ...directOf({
        convId: r.conv_id,
        kind: 'sys',
        to: [],
        from: r.from_client,
        msgId: r.msg_id,
        ts: Number(r.ts),
        data: r.data,
        bin: r.bin,
      }),
      peerId: s.peerId,
    });
}
