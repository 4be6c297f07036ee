import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../lib/clock';
import { cancelJobGroup } from '../jobs/store';
import { deleteRecord, RECORD_CLASS } from './records';
import { deletePush, lockPushForDelete } from './store';
import { tableFor } from '../store/tables';

/**
 * Doc 2 States: a cancelled push "disappears from push records"; only what still waits in the
 * queue is cancelled ("already sent or offline-cached messages stay"). The lock waits for the
 * chunks committing their deliveries at this moment (they count); a chunk that starts committing
 * after the cancel finds its push gone and commits nothing. A done push has
 * nothing left to cancel: deleting it removes the record only.
 */
export async function deletePushRecord(tx: Sql, clock: Clock, id: string): Promise<boolean> {
  const push = await lockPushForDelete(tx, id);
  if (push) {
    await cancelJobGroup(tx, id, clock.now());
    await deletePush(tx, id);
  }
  return (await deleteRecord(tx, id)) || push !== undefined;
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
