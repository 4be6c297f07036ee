import type { Sql } from '@switchboard/shared/sql';
import type { ClassRegistry } from '../store/classes';
import { deleteStaleInstallations } from './installations/expiry';
import { purgeEndedPushes } from './retention';

/**
 * Hourly, on one of the server processes: installations not refreshed for 90 days go (Doc 2
 * "Automatic expiry"), and what the engine no longer needs is forgotten: req_ids older than their
 * 5-minute window, daily counts of past weeks, the device lists of chunks whose push has ended,
 * and push records (with their delivery rows) `recordRetentionDays` after their push ended.
 */
export async function housekeeping(
  sql: Sql,
  classes: ClassRegistry,
  now: Date,
  opts: { recordRetentionDays: number },
): Promise<void> {
  await deleteStaleInstallations(sql, classes, now);
  await sql.query("DELETE FROM lc_push_requests WHERE created_at < $1::timestamptz - interval '5 minutes'", [
    now,
  ]);
  await sql.query("DELETE FROM lc_push_daily WHERE day < ($1::timestamptz - interval '7 days')::date", [now]);
  await sql.query(
    `DELETE FROM lc_push_chunks c USING lc_pushes p
      WHERE c.push_id = p.id AND p.status IN ('done', 'expired', 'error') AND p.chunks_left = 0`,
  );
  // A cancel that stopped between its two steps.
  await sql.query('DELETE FROM lc_pushes WHERE cancelled');
  await purgeEndedPushes(sql, now, opts.recordRetentionDays);
}
