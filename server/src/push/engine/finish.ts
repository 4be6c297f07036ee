import type { PushStatus } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { handedToOwnChannel } from '../gateways/own-channel';
import { recordCounts, updateRecord } from '../records';
import type { Tally } from '../records';
import { updatePush } from '../store';
import type { PushRow } from '../store';

/**
 * The status a push ends with: error (refused as a whole, or errors and nothing delivered),
 * expired (its expiry stopped it), else done. Messages kept for own-channel devices count as
 * delivered here: their successes come with the devices' acknowledgements, after the push is
 * done, and only raise its counters. So a push whose other devices all failed is done, not an
 * error, while its own-channel messages wait for their devices.
 */
async function finalStatus(tx: Sql, push: PushRow, expired: boolean): Promise<PushStatus> {
  if (push.status === 'error') return 'error';
  if (expired) return 'expired';
  const counts = await recordCounts(tx, push.id);
  if (!counts || counts.errors === 0 || counts.successes > 0) return 'done';
  return (await handedToOwnChannel(tx, push.id)) ? 'done' : 'error';
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
