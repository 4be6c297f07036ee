import type { Sql } from '@switchboard/shared/sql';

/** Rows deleted per statement: a process that held many clients does not hold locks for long. */
export const SWEEP_BATCH = 1000;

/** Nodes heard from within the timeout; the statement's own clock decides, as answers do. */
const LIVE = `SELECT node FROM lc_im_nodes WHERE seen_at > now() - $1::bigint * interval '1 millisecond'`;

async function sweepTable(sql: Sql, table: string, key: string, timeoutMs: number, batch: number) {
  let deleted = 0;
  for (;;) {
    // Liveness is read by each statement itself, so a node beating between batches is spared.
    const rows = await sql.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM ${table} t USING (
           SELECT ${key} FROM ${table} WHERE node NOT IN (${LIVE}) LIMIT $2 FOR UPDATE SKIP LOCKED
         ) d
         WHERE ${key
           .split(', ')
           .map((k) => `t.${k} = d.${k}`)
           .join(' AND ')}
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [timeoutMs, batch],
    );
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < batch) return deleted;
  }
}

/**
 * Deletes what processes not heard from for `timeoutMs` left in the presence tables (answers
 * already leave them out; this keeps the tables from growing with every crash), then the beat
 * rows of those processes once nothing of theirs is left. A process alive is never touched: its
 * rows are taken only while its last beat is older than the timeout, judged by the statement
 * that deletes them. One that stalls past the timeout puts its rows back at its next beat
 * (Presence's onRevived). Returns how many presence rows went.
 */
export async function sweepDeadPresence(sql: Sql, timeoutMs: number, batch = SWEEP_BATCH): Promise<number> {
  const clients = await sweepTable(sql, 'lc_im_presence', 'client_id, node', timeoutMs, batch);
  const rooms = await sweepTable(sql, 'lc_im_room_presence', 'conv_id, client_id, node', timeoutMs, batch);
  await sql.query(
    `DELETE FROM lc_im_nodes n
      WHERE n.seen_at <= now() - $1::bigint * interval '1 millisecond'
        AND NOT EXISTS (SELECT 1 FROM lc_im_presence p WHERE p.node = n.node)
        AND NOT EXISTS (SELECT 1 FROM lc_im_room_presence r WHERE r.node = n.node)`,
    [timeoutMs],
  );
  return clients + rooms;
}
