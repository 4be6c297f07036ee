import type { Sql } from '@switchboard/shared/sql';
import { bucketOf, ONLINE_BUCKET_MS } from './online-samples';

export const DAY_MS = 86_400_000;
/**
 * Past days change only when messages are deleted: their figures are reused this long. Counting
 * 30 days of 1,000,000 messages takes about a second; today's range alone a few milliseconds.
 */
const PAST_TTL_MS = 30 * 60_000;

export interface DayFigures {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** Distinct clients that opened a realtime session that day (as rtm/stats' user_count_today). */
  users: number;
  /** Messages stored that day (transient ones are not stored). */
  messages: number;
}

const dayName = (dayIndex: number) => new Date(dayIndex * DAY_MS).toISOString().slice(0, 10);

/**
 * Users and messages per UTC day. Messages are counted by a GROUP BY over the (ts, msg_id)
 * index range of the days asked; past days are kept per day for a while, so a console refreshing
 * the page, or switching from 30 to 7 days, counts only today again.
 */
export class DailyStats {
  private readonly past = new Map<number, { until: number; figures: DayFigures }>();

  async figures(sql: Sql, now: number, days: number): Promise<DayFigures[]> {
    const today = Math.floor(now / DAY_MS);
    const first = today - days + 1;
    for (const [d, v] of this.past) if (v.until <= now || d >= today) this.past.delete(d);
    let missing = first;
    while (missing < today && this.past.has(missing)) missing++;
    let last = today;
    while (last > missing && this.past.has(last - 1)) last--;
    for (const f of await countDays(sql, missing, last)) {
      this.past.set(Math.floor(Date.parse(f.day) / DAY_MS), { until: now + PAST_TTL_MS, figures: f });
    }
    const past = Array.from({ length: today - first }, (_, i) => this.past.get(first + i)!.figures);
    return [...past, ...(await countDays(sql, today, today + 1))];
  }

  clear(): void {
    this.past.clear();
  }
}

/** The figures of the days [from, to), one entry per day, zeros included. */
async function countDays(sql: Sql, from: number, to: number): Promise<DayFigures[]> {
  if (to <= from) return [];
  const messages = await sql.query<{ d: string; n: string }>(
    `SELECT (ts / ${DAY_MS})::text AS d, count(*)::text AS n FROM lc_im_messages
      WHERE ts >= $1 AND ts < $2 GROUP BY 1`,
    [from * DAY_MS, to * DAY_MS],
  );
  const users = await sql.query<{ d: string; n: string }>(
    `SELECT day::text AS d, count(*)::text AS n FROM lc_im_logins
      WHERE day >= $1::date AND day < $2::date GROUP BY 1`,
    [dayName(from), dayName(to)],
  );
  const byIndex = new Map(messages.map((r) => [Number(r.d), Number(r.n)]));
  const byDay = new Map(users.map((r) => [r.d, Number(r.n)]));
  return Array.from({ length: to - from }, (_, i) => {
    const day = dayName(from + i);
    return { day, users: byDay.get(day) ?? 0, messages: byIndex.get(from + i) ?? 0 };
  });
}

/** The peak online count of each 5-minute bucket of the last 24 hours that has a sample. */
export async function onlineHistory(sql: Sql, now: number): Promise<{ at: string; count: number }[]> {
  const rows = await sql.query<{ at: string; n: number }>(
    'SELECT at::text AS at, n FROM lc_im_online WHERE at > $1 AND at <= $2 ORDER BY at',
    [bucketOf(now) - DAY_MS, bucketOf(now)],
  );
  return rows.map((r) => ({ at: new Date(Number(r.at)).toISOString(), count: r.n }));
}

export { ONLINE_BUCKET_MS };
