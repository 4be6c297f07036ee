import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import type { Command } from '../proto/codec';
import { findConversation } from './find';
import { sub } from './fields';

/** Messages of `cid` in (from, to] sent by others with a receipt asked for. */
async function receiptMessages(ctx: RealtimeContext, cid: string, reader: string, from: number, to: number) {
  return ctx.sql.query<{ msg_id: string; from_client: string; ts: string }>(
    `SELECT msg_id, from_client, ts::text AS ts FROM lc_im_messages
     WHERE conv_id = $1 AND ts > $2 AND ts <= $3 AND from_client <> $4 AND extra @> '{"r": true}'::jsonb
     ORDER BY ts LIMIT 1000`,
    [cid, from, to, reader],
  );
}

/**
 * ack from a receiver (no answer expected): the messages of [fromts, tots] reached it. Its delivered
 * position moves, and each sender who asked for a receipt gets an rcp.
 */
export async function ack(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const am = sub(cmd, 'ackMessage');
  const cid = typeof am.cid === 'string' ? am.cid : undefined;
  const tots = typeof am.tots === 'number' ? am.tots : undefined;
  if (!cid || tots === undefined) return;
  const fromts = typeof am.fromts === 'number' ? am.fromts : tots;
  const conv = await findConversation(ctx, cid);
  if (!conv || !(Array.isArray(conv.data.m) && conv.data.m.includes(s.peerId))) return;
  // No row yet reads as nothing seen (seen 0), as unread counts take it.
  await ctx.sql.query(
    `INSERT INTO lc_im_reads AS r (conv_id, client_id, seen, ack_ts) VALUES ($1, $2, 0, $3)
     ON CONFLICT (client_id, conv_id) DO UPDATE SET ack_ts = GREATEST(COALESCE(r.ack_ts, 0), EXCLUDED.ack_ts)`,
    [cid, s.peerId, tots],
  );
  const now = ctx.im.clock.now().getTime();
  for (const m of await receiptMessages(ctx, cid, s.peerId, fromts - 1, tots))
    ctx.hub.send(
      { peers: [m.from_client] },
      { cmd: 'rcp', rcpMessage: { id: m.msg_id, cid, t: now, from: s.peerId } },
    );
}

/**
 * read (no answer expected): the client has read these conversations up to a timestamp. Unread
 * counts drop to what came after, and senders who asked for receipts get a read rcp.
 */
export async function read(ctx: RealtimeContext, s: Session, cmd: Command): Promise<void> {
  const rm = sub(cmd, 'readMessage');
  const now = ctx.im.clock.now().getTime();
  const tuples: { cid: string; ts: number }[] = [];
  if (Array.isArray(rm.convs))
    for (const c of rm.convs as Record<string, unknown>[])
      if (typeof c.cid === 'string')
        tuples.push({ cid: c.cid, ts: typeof c.timestamp === 'number' ? c.timestamp : now });
  for (const cid of [rm.cid, ...(Array.isArray(rm.cids) ? (rm.cids as unknown[]) : [])])
    if (typeof cid === 'string') tuples.push({ cid, ts: now });
  for (const { cid, ts } of tuples.slice(0, 200)) {
    const [prev] = await ctx.sql.query<{ read_ts: string | null }>(
      `SELECT read_ts::text FROM lc_im_reads WHERE conv_id = $1 AND client_id = $2`,
      [cid, s.peerId],
    );
    // Seen: every message of the conversation but those after the read position.
    await ctx.sql.query(
      `INSERT INTO lc_im_reads AS r (conv_id, client_id, seen, read_ts, ack_ts)
       SELECT $1, $2, GREATEST(s.msg_count - (SELECT count(*) FROM lc_im_messages m WHERE m.conv_id = $1 AND m.ts > $3), 0), $3, $3
       FROM lc_im_conv_state s WHERE s.conv_id = $1
       ON CONFLICT (client_id, conv_id) DO UPDATE SET seen = GREATEST(r.seen, EXCLUDED.seen),
         read_ts = GREATEST(COALESCE(r.read_ts, 0), EXCLUDED.read_ts),
         ack_ts = GREATEST(COALESCE(r.ack_ts, 0), EXCLUDED.ack_ts)`,
      [cid, s.peerId, ts],
    );
    const since = Number(prev?.read_ts ?? 0);
    const senders = new Map<string, string>();
    for (const m of await receiptMessages(ctx, cid, s.peerId, since, ts))
      senders.set(m.from_client, m.msg_id);
    for (const [sender, id] of senders)
      ctx.hub.send(
        { peers: [sender] },
        { cmd: 'rcp', rcpMessage: { id, cid, t: now, read: true, from: s.peerId } },
      );
  }
}
