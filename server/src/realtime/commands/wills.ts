import type { NewMessage } from '../../im/messages';
import { publishMessage } from '../../im/publish';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import { findConversation } from './find';

type Will = NewMessage & { msgId: string; mentionPids?: string[]; mentionAll?: boolean };

/** A session's will messages: the newest few count. */
const WILLS_MAX = 10;

/** A session of this process, in lc_im_wills (the node names the process). */
const keyOf = (s: Session) => `${s.conn.id}:${s.peerId}`;

/**
 * Keeps a will message (`direct` with `will`) until the session's connection drops. It is stored
 * (lc_im_wills, under this process's node), so a process that dies does not take it along: a live
 * process sends it once the dead one stops beating (sweepOrphanWills).
 */
export async function keepWill(ctx: RealtimeContext, s: Session, w: Will): Promise<void> {
  await ctx.sql.transaction(async (tx) => {
    await tx.query('INSERT INTO lc_im_wills (node, session_key, will) VALUES ($1, $2, $3)', [
      ctx.node,
      keyOf(s),
      JSON.stringify(w),
    ]);
    // A client re-sending its will on every reconnect does not pile them up.
    await tx.query(
      `DELETE FROM lc_im_wills WHERE node = $1 AND session_key = $2 AND id NOT IN (
         SELECT id FROM lc_im_wills WHERE node = $1 AND session_key = $2 ORDER BY id DESC LIMIT ${WILLS_MAX})`,
      [ctx.node, keyOf(s)],
    );
  });
}

/** session close: the client left on purpose, so its will messages go unsent. */
export async function dropWills(ctx: RealtimeContext, s: Session): Promise<void> {
  await ctx.sql.query('DELETE FROM lc_im_wills WHERE node = $1 AND session_key = $2', [ctx.node, keyOf(s)]);
}

/** The connection of `s` dropped without a session close: its will messages are sent. */
export function releaseWills(ctx: RealtimeContext, s: Session): Promise<number> {
  return sendWills(ctx, 'node = $1 AND session_key = $2', [ctx.node, keyOf(s)]);
}

/**
 * The will messages of processes not heard from for `timeoutMs` (killed, crashed, or stopped
 * before sending them): their connections are gone, so their wills are sent now, by whichever
 * process runs this. Returns how many were taken.
 */
export function sweepOrphanWills(ctx: RealtimeContext, timeoutMs: number): Promise<number> {
  return sendWills(
    ctx,
    `node NOT IN (SELECT node FROM lc_im_nodes WHERE seen_at > now() - $1::bigint * interval '1 millisecond')`,
    [timeoutMs],
  );
}

/**
 * Sends the wills matching `where`, oldest first, each in its own transaction that takes its row:
 * a process dying midway leaves the row for the next sweep, and two processes never send one
 * will twice (the row is locked while sent). A conversation gone, expired, or left meanwhile
 * takes nothing. A failure to store leaves the rest for later.
 */
async function sendWills(ctx: RealtimeContext, where: string, params: unknown[]): Promise<number> {
  let taken = 0;
  for (;;) {
    let more: boolean;
    try {
      more = await ctx.sql.transaction(async (tx) => {
        const [row] = await tx.query<{ will: Will | string }>(
          `DELETE FROM lc_im_wills WHERE id = (
             SELECT id FROM lc_im_wills WHERE ${where} ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
           RETURNING will`,
          params,
        );
        if (!row) return false;
        const w = (typeof row.will === 'string' ? JSON.parse(row.will) : row.will) as Will;
        const inTx = { ...ctx, sql: tx };
        const conv = await findConversation(inTx, w.convId).catch(() => undefined);
        const members = Array.isArray(conv?.data.m) ? (conv.data.m as unknown[]) : [];
        if (conv && (w.kind !== 'conv' || members.includes(w.from)))
          await publishMessage(ctx.im, tx, conv, w);
        return true;
      });
    } catch (e) {
      ctx.log(e);
      return taken;
    }
    if (!more) return taken;
    taken += 1;
  }
}
