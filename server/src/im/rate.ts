import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError } from '../http/errors';
import type { AppSettings } from '../services/settings';

/** Doc 3 Limits: the three categories of message operations; each shares one quota. */
export type RateCategory = 'normal' | 'subscription' | 'broadcast';

const BLOCK_MS = 60_000;
const minuteOf = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);
const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const endOfDay = (now: Date) => new Date(`${dayOf(now)}T00:00:00.000Z`).getTime() + 86_400_000;

function limitsOf(s: AppSettings, c: RateCategory): { minute: number; day: number } {
  if (c === 'normal') return { minute: s.imMessagesPerMinute, day: Number.MAX_SAFE_INTEGER };
  if (c === 'subscription') return { minute: s.imSubscriptionPerMinute, day: s.imSubscriptionPerDay };
  return { minute: s.imBroadcastsPerMinute, day: s.imBroadcastsPerDay };
}

const NAMES: Record<RateCategory, string> = {
  normal: 'normal messages',
  subscription: 'subscription messages',
  broadcast: 'broadcasts',
};

/**
 * Counts one call of `category` in the database (every server process shares the count). Past the
 * minute limit the category is refused for a minute; past the daily one until the day (UTC) ends.
 */
export async function countImCall(
  sql: Sql,
  now: Date,
  s: AppSettings,
  category: RateCategory,
  /** Off inside a batch, whose transaction holds other writes too. */
  relaxedCommit = true,
): Promise<void> {
  const { minute, day } = limitsOf(s, category);
  const refused = await sql.transaction(async (tx) => {
    // Every call of a category waits for this row: a count lost in a crash costs nothing, so the
    // commit does not wait for the disk, and the row is free again sooner.
    if (relaxedCommit) await tx.exec('SET LOCAL synchronous_commit TO off');
    await tx.query(
      `INSERT INTO lc_im_rate (category, window_start, calls, day, day_calls) VALUES ($1, $2, 0, $3, 0)
       ON CONFLICT DO NOTHING`,
      [category, minuteOf(now), dayOf(now)],
    );
    const [row] = await tx.query<{
      window_start: Date;
      calls: number;
      blocked_until: Date | null;
      day: string;
      day_calls: number;
    }>(
      `SELECT window_start, calls, blocked_until, to_char(day, 'YYYY-MM-DD') AS day, day_calls
       FROM lc_im_rate WHERE category = $1 FOR UPDATE`,
      [category],
    );
    if (!row) return undefined;
    if (row.blocked_until && row.blocked_until > now) return { until: row.blocked_until, daily: false };
    const calls = (row.window_start.getTime() === minuteOf(now).getTime() ? row.calls : 0) + 1;
    const dayCalls = (row.day === dayOf(now) ? row.day_calls : 0) + 1;
    let blocked: Date | null = null;
    if (dayCalls > day) blocked = new Date(endOfDay(now));
    else if (calls > minute) blocked = new Date(now.getTime() + BLOCK_MS);
    await tx.query(
      `UPDATE lc_im_rate SET window_start = $2, calls = $3, blocked_until = $4, day = $5, day_calls = $6
       WHERE category = $1`,
      [category, minuteOf(now), calls, blocked, dayOf(now), blocked ? dayCalls - 1 : dayCalls],
    );
    return blocked ? { until: blocked, daily: dayCalls > day } : undefined;
  });
  if (refused)
    throw new ApiError(
      429,
      LcCode.TooManyRequests,
      `Too many ${NAMES[category]}: this app allows ${refused.daily ? `${day} a day` : `${minute} a minute`}. Calls are refused until ${refused.until.toISOString()}.`,
    );
}
