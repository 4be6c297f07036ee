import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from '../store/tables';
import { RECORD_CLASS } from './records';

/**
 * How long ended push records and their per-device delivery rows are kept unless
 * PUSH_RECORD_RETENTION_DAYS says otherwise. LeanCloud drops them after a week, which its users
 * found too short to look into a complaint; a month covers a billing period.
 */
export const DEFAULT_RECORD_RETENTION_DAYS = 30;

/** Pushes forgotten per transaction, and delivery rows deleted per statement (a push may have a million). */
const PUSHES_PER_STEP = 100;
const DELIVERIES_PER_STATEMENT = 10_000;

/** Ended: nothing of it waits or runs any more. Scheduled and running pushes are never purged. */
const ENDED = ['done', 'expired', 'error'];

async function deleteDeliveries(sql: Sql, pushId: string): Promise<void> {
  // The own channel's messages of an ended push: a device that never came back no longer gets them.
  await sql.query('DELETE FROM lc_push_own WHERE push_id = $1', [pushId]);
  for (;;) {
    const rows = await sql.query(
      `DELETE FROM lc_push_deliveries WHERE (push_id, target) IN (
         SELECT push_id, target FROM lc_push_deliveries WHERE push_id = $1 LIMIT ${DELIVERIES_PER_STATEMENT})
       RETURNING 1`,
      [pushId],
    );
    if (rows.length < DELIVERIES_PER_STATEMENT) return;
  }
}

/** Pushes to forget: ended ones whose record last changed before `cutoff`, and leftovers of deleted records. */
async function nextPushes(sql: Sql, cutoff: Date): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `(SELECT id FROM ${tableFor(RECORD_CLASS)}
       WHERE updated_at < $1 AND data->>'status' = ANY($2::text[]) LIMIT ${PUSHES_PER_STEP})
     UNION
     (SELECT DISTINCT p.push_id FROM lc_push_payloads p
       WHERE NOT EXISTS (SELECT 1 FROM ${tableFor(RECORD_CLASS)} r WHERE r.id = p.push_id)
         AND NOT EXISTS (SELECT 1 FROM lc_pushes e WHERE e.id = p.push_id)
       LIMIT ${PUSHES_PER_STEP})`,
    [cutoff, ENDED],
  );
  return rows.map((r) => r.id);
}

/**
 * Doc 2 push records, kept `days` after their push ended, then purged with what the engine kept of
 * them: the per-device delivery rows (first, in slices, so no statement runs long and a crash
 * leaves the record to find again), the payloads, the engine row and its chunks, the record.
 * Delivery rows of a record deleted earlier (a cancel, a delete of a done push) go too.
 * Returns how many pushes were forgotten.
 */
export async function purgeEndedPushes(sql: Sql, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let purged = 0;
  for (;;) {
    const ids = await nextPushes(sql, cutoff);
    if (ids.length === 0) return purged;
    for (const id of ids) await deleteDeliveries(sql, id);
    await sql.transaction(async (tx) => {
      await tx.query('DELETE FROM lc_push_payloads WHERE push_id = ANY($1::text[])', [ids]);
      // Chunks go with their push (ON DELETE CASCADE).
      await tx.query('DELETE FROM lc_pushes WHERE id = ANY($1::text[])', [ids]);
      await tx.query(
        `DELETE FROM ${tableFor(RECORD_CLASS)} WHERE id = ANY($1::text[]) AND data->>'status' = ANY($2::text[])`,
        [ids, ENDED],
      );
    });
    purged += ids.length;
  }
}
