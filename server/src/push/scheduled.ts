import { LcCode } from '@switchboard/shared';
import { ApiError } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { Clock } from '../lib/clock';
import { deletePushRecord, dropCancelledPush } from './cancel';
import type { PushRow } from './store';

const COLUMNS = 'id, msg_id, seq::text AS seq, request, push_at, created_at';

/** Doc 2 "Scheduled push entry", as LeanCloud's documentation shows it. */
function entry(
  p: Pick<PushRow, 'id' | 'msg_id' | 'seq' | 'request' | 'push_at' | 'created_at'>,
  appId: string,
) {
  return {
    id: Number(p.seq),
    expire_time: p.push_at.getTime(),
    push_msg: {
      'through?': null,
      'app-id': appId,
      where: { sort: { createdAt: 1 }, query: p.request.where ?? {} },
      prod: p.request.prod,
      'api-version': '1.1',
      msg: p.request.data,
      id: p.msg_id,
      notificationId: p.request.notificationId,
    },
    createdAt: p.created_at.toISOString(),
  };
}

const notScheduled = () => new ApiError(404, LcCode.ObjectNotFound, 'No scheduled push waits with this id.');

/** GET and DELETE /1.1/scheduledPushMessages (master key). */
export function scheduledRoutes(router: ApiRouter, deps: { appId: string; clock: Clock }): void {
  router.on('GET', '/1.1/scheduledPushMessages', async (req) => {
    requireMaster(req.auth, 'listing scheduled pushes');
    const rows = await req.sql.query<PushRow>(
      `SELECT ${COLUMNS} FROM lc_pushes WHERE status = 'scheduled' AND NOT cancelled ORDER BY seq`,
    );
    return { body: { results: rows.map((r) => entry(r, deps.appId)) } };
  });

  // Doc 2: "Cancelling uses the outer id of an entry".
  router.on('DELETE', '/1.1/scheduledPushMessages/:id', async (req) => {
    requireMaster(req.auth, 'cancelling scheduled pushes');
    const raw = req.params.id ?? '';
    if (!/^\d{1,15}$/.test(raw)) throw notScheduled();
    const gone = await req.sql.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        "SELECT id FROM lc_pushes WHERE seq = $1 AND status = 'scheduled' FOR UPDATE",
        [raw],
      );
      return row && (await deletePushRecord(tx, deps.clock, row.id)) ? row.id : undefined;
    });
    if (!gone) throw notScheduled();
    await dropCancelledPush(req.sql, gone);
    return { body: {} };
  });
}
