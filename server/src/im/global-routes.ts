import { LcCode } from '@switchboard/shared';
import { ApiError, badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ImDeps } from './deps';
import { readHistory } from './history-routes';
import { rateCheck } from './message-ops';
import { deliverGlobalBroadcast } from './global-live';
import { storeWithPush } from './offline-push';
import { globalBroadcastSchema, intParam, parseBody } from './params';

/** Doc 3 "at most 1 month ahead, default 1 month ahead": the same day of the next month. */
export function oneMonthAhead(now: Date): number {
  const t = new Date(now.getTime());
  t.setUTCMonth(t.getUTCMonth() + 1);
  return t.getTime();
}

/** Doc 3 Global: stats, all conversations, global broadcasts, app-wide history. */
export function globalRoutes(router: ApiRouter, d: ImDeps): void {
  router.on('GET', '/1.2/rtm/stats', async (req) => {
    requireMaster(req.auth, 'messaging statistics');
    // Online users from the live connections; users today from the gateway's login record (UTC day).
    const [today] = await req.sql.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM lc_im_logins WHERE day = $1',
      [d.clock.now().toISOString().slice(0, 10)],
    );
    return {
      body: {
        result: { online_user_count: await d.live.onlineCount(), user_count_today: Number(today?.n ?? 0) },
      },
    };
  });
  router.on('GET', '/1.2/rtm/all-conversations', (req) => {
    requireMaster(req.auth, 'listing conversations');
    return d.conversations.query(req, 'any');
  });
  router.on('GET', '/1.2/rtm/messages', (req) => readHistory(d, req, { where: [], params: [] }));

  router.on('POST', '/1.2/rtm/broadcasts', async (req) => {
    requireMaster(req.auth, 'global broadcasts');
    const input = parseBody(globalBroadcastSchema, req.body);
    const now = d.clock.now();
    const latest = oneMonthAhead(now);
    if (input.valid_till !== undefined && input.valid_till > latest)
      throw badRequest(
        LcCode.InvalidParameter,
        `valid_till is at most one month ahead (${new Date(latest).toISOString()}).`,
      );
    if (input.valid_till !== undefined && input.valid_till <= now.getTime())
      throw badRequest(LcCode.InvalidParameter, 'valid_till is already past.');
    await d.conversations.require(req.sql, input.conv_id, 'sys');
    await rateCheck(d, req, 'broadcast');
    const sent = await storeWithPush(
      d,
      req.sql,
      {
        convId: input.conv_id,
        kind: 'sys',
        from: input.from_client,
        data: input.message,
        broadcast: true,
        global: true,
        validTill: input.valid_till ?? latest,
        transient: input.transient,
        ...(input.push === undefined ? {} : { extra: { push: input.push } }),
      },
      { data: input.push, audience: () => Promise.resolve({ everyDevice: true }) },
    );
    await deliverGlobalBroadcast(d, req.sql, {
      convId: input.conv_id,
      from: input.from_client,
      msgId: sent.msgId,
      ts: sent.ts,
      data: input.message,
      transient: input.transient ?? false,
    });
    return { body: { 'msg-id': sent.msgId, timestamp: sent.ts } };
  });
  router.on('GET', '/1.2/rtm/broadcasts', async (req) => {
    requireMaster(req.auth, 'listing broadcasts');
    const convId = req.query.conv_id;
    if (!convId) throw badRequest(LcCode.InvalidParameter, 'conv_id is required.');
    const limit = intParam(req.query, 'limit', 100, 1, 1000) ?? 100;
    const skip = intParam(req.query, 'skip', 0, 0, 1_000_000) ?? 0;
    const rows = await req.sql.query<{
      msg_id: string;
      ts: string;
      from_client: string;
      data: string;
      valid_till: string;
    }>(
      `SELECT msg_id, ts::text AS ts, from_client, data, valid_till::text AS valid_till FROM lc_im_messages
       WHERE conv_id = $1 AND global AND valid_till > $2::bigint
       ORDER BY lc_im_messages.ts DESC LIMIT $3 OFFSET $4`,
      [convId, d.clock.now().getTime(), limit, skip],
    );
    return {
      body: rows.map((r) => ({
        'msg-id': r.msg_id,
        conv_id: convId,
        from_client: r.from_client,
        message: r.data,
        timestamp: Number(r.ts),
        valid_till: Number(r.valid_till),
      })),
    };
  });
  router.on('DELETE', '/1.2/rtm/broadcasts/:msgId', async (req) => {
    requireMaster(req.auth, 'deleting broadcasts');
    const gone = await req.sql.query<{ msg_id: string }>(
      'DELETE FROM lc_im_messages WHERE msg_id = $1 AND global RETURNING msg_id',
      [req.params.msgId ?? ''],
    );
    if (!gone.length) throw new ApiError(404, LcCode.ObjectNotFound, 'No global broadcast with this id.');
    return { body: {} };
  });
}
