import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../lib/clock';
import { cancelJobGroup } from '../jobs/store';
import { deleteRecord, RECORD_CLASS } from './records';
import { deletePush, lockPush, lockPushForDelete, markCancelled } from './store';
import { tableFor } from '../store/tables';

/**
 * Doc 2 States: a cancelled push "disappears from push records"; only what still waits in the
 * queue is cancelled ("already sent or offline-cached messages stay"). A done push has nothing
 * left to cancel: deleting it removes the record only.
 *
 * First step, in the caller's transaction: the record goes, waiting jobs are cancelled and the push
 * is marked cancelled. The lock it takes (FOR NO KEY UPDATE) does not wait for the chunks writing
 * their deliveries, so a cancel is not held up by a running fan-out; chunks that start after it
 * commits see the mark and deliver nothing. Then `dropCancelledPush`.
 */
export async function deletePushRecord(tx: Sql, clock: Clock, id: string): Promise<boolean> {
  const push = await lockPush(tx, id);
  if (push) {
    await cancelJobGroup(tx, id, clock.now());
    await markCancelled(tx, id);
  }
  return (await deleteRecord(tx, id)) || push !== undefined;
}

/**
 * Second step, after the first committed: deletes the push (its chunks go with it). Its lock
 * (FOR UPDATE) waits for the chunks that were already writing at the cancel; once it returns,
 * nothing more of the push is delivered. A crash between the steps leaves the mark, which
 * housekeeping clears.
 */
export async function dropCancelledPush(sql: Sql, id: string): Promise<void> {
  await sql.transaction(async (tx) => {
    const push = await lockPushForDelete(tx, id);
    if (push?.cancelled) await deletePush(tx, id);
  });
}

/** The record a /1.1/notifications/:id path names: by objectId, else the latest with that notificationId. */
export async function resolveRecordId(sql: Sql, idOrNotificationId: string): Promise<string | undefined> {
  const rows = await sql.query<{ id: string }>(
    `SELECT id FROM ${tableFor(RECORD_CLASS)} WHERE id = $1 OR data->>'notificationId' = $1
      ORDER BY (id = $1) DESC, created_at DESC LIMIT 1`,
    [idOrNotificationId],
  );
  return rows[0]?.id;
}
