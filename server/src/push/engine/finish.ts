import type { PushStatus } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { recordCounts, updateRecord } from '../records';
import type { Tally } from '../records';
import { updatePush } from '../store';
import type { PushRow } from '../store';

/**
 * The status a push ends with: error (refused as a whole, or nothing delivered for errors),
 * expired (its expiry stopped it), else done.
 */
async function finalStatus(tx: Sql, push: PushRow, expired: boolean): Promise<PushStatus> {
  if (push.status === 'error') return 'error';
  if (expired) return 'expired';
  const counts = await recordCounts(tx, push.id);
  return counts && counts.errors > 0 && counts.successes === 0 ? 'error' : 'done';
}

/**
 * Applies what one step did to a push (its row locked by the caller): counters on the record,
 * chunks left, and, once planning is over and no chunk is left, the final status.
 */
export async function settle(
  tx: Sql,
  push: PushRow,
  o: {
    now: Date;
    tally?: Tally;
    /** Chunks this step finished (-) or added (+). */
    chunkDelta?: number;
    addedChunks?: number;
    planned?: boolean;
    expired?: boolean;
    status?: PushStatus;
    cursor?: string | null;
    startedAt?: Date;
  },
): Promise<void> {
  await updateRecord(tx, push.id, { tally: o.tally, now: o.now });
  const chunksLeft = push.chunks_left + (o.chunkDelta ?? 0);
  const planned = o.planned ?? push.planned;
  const expired = o.expired ?? push.expired;
  let status = o.status ?? push.status;
  if (planned && chunksLeft === 0) status = await finalStatus(tx, { ...push, status }, expired);
  await updatePush(tx, push.id, {
    chunks_left: chunksLeft,
    chunks: push.chunks + (o.addedChunks ?? 0),
    planned,
    expired,
    status,
    ...(o.cursor !== undefined ? { cursor: o.cursor } : {}),
    ...(o.startedAt ? { started_at: o.startedAt } : {}),
  });
  if (status !== push.status) await updateRecord(tx, push.id, { status, now: o.now });
}
