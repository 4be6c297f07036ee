import { IM_STATS_MAX_DAYS, LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ImDeps } from './deps';
import { recordOnline } from './online-samples';
import { intParam } from './params';
import { ONLINE_BUCKET_MS, onlineHistory } from './stats';
import type { DailyStats } from './stats';

/**
 * GET /1.1/switchboard/im/stats?days=30 (master key): the console's messaging overview. Online
 * now and users today as rtm/stats gives them, users and messages per UTC day for `days` days
 * ending today, and the online peak per 5 minutes over the last 24 hours.
 */
export function statsRoutes(router: ApiRouter, d: ImDeps, daily: DailyStats): void {
  router.on('GET', '/1.1/switchboard/im/stats', async (req) => {
    requireMaster(req.auth, 'messaging statistics');
    for (const name of Object.keys(req.query))
      if (name !== 'days')
        throw badRequest(LcCode.InvalidParameter, `Unknown parameter ${name}; only days is accepted.`);
    const days = intParam(req.query, 'days', 30, 1, IM_STATS_MAX_DAYS) ?? 30;
    const now = d.clock.now().getTime();
    const onlineNow = await d.live.onlineCount();
    // A reading is a sample too: the chart's last point is never older than the figure beside it.
    await recordOnline(req.sql, now, onlineNow);
    const figures = await daily.figures(req.sql, now, days);
    return {
      body: {
        result: {
          onlineNow,
          usersToday: figures.at(-1)?.users ?? 0,
          timeZone: 'UTC',
          days: figures,
          bucketMinutes: ONLINE_BUCKET_MS / 60_000,
          online: await onlineHistory(req.sql, now),
        },
      },
    };
  });
}
