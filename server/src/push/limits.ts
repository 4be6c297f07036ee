import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError, badRequest } from '../http/errors';

/** Doc 2 Limits: "after exceeding | HTTP 429 for 1 minute, then processing resumes". */
const BLOCK_MS = 60_000;

const minuteOf = (now: Date) => new Date(Math.floor(now.getTime() / 60_000) * 60_000);
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts one push call in the current minute, in the database so every server process shares the
 * count. Past `limit` calls, every call is refused with HTTP 429 for the next minute.
 */
export async function countPushCall(sql: Sql, now: Date, limit: number): Promise<void> {
  const refusedUntil = await sql.transaction(async (tx) => {
    await tx.query(
      "INSERT INTO lc_push_rate (key, window_start, calls) VALUES ('push', $1, 0) ON CONFLICT DO NOTHING",
      [minuteOf(now)],
    );
    const [row] = await tx.query<{ window_start: Date; calls: number; blocked_until: Date | null }>(
      "SELECT window_start, calls, blocked_until FROM lc_push_rate WHERE key = 'push' FOR UPDATE",
    );
    if (!row) return undefined;
    if (row.blocked_until && row.blocked_until > now) return row.blocked_until;
    const sameMinute = row.window_start.getTime() === minuteOf(now).getTime();
    const calls = (sameMinute ? row.calls : 0) + 1;
    const blocked = calls > limit ? new Date(now.getTime() + BLOCK_MS) : null;
    await tx.query(
      "UPDATE lc_push_rate SET window_start = $1, calls = $2, blocked_until = $3 WHERE key = 'push'",
      [minuteOf(now), calls, blocked],
    );
    return blocked ?? undefined;
  });
  if (refusedUntil)
    throw new ApiError(
      429,
      LcCode.TooManyRequests,
      `Too many push calls: this app allows ${limit} a minute. Calls are refused until ${refusedUntil.toISOString()}.`,
    );
}

export const dailyLimitReached = (limit: number) =>
  `the daily limit of ${limit} push targets is reached: no more pushes today (UTC)`;

/** Refuses a push while today's targets have reached the app's daily limit. */
export async function assertDailyRoom(sql: Sql, now: Date, limit: number): Promise<void> {
  const [row] = await sql.query<{ targets: string }>(
    'SELECT targets::text AS targets FROM lc_push_daily WHERE day = $1',
    [dayOf(now)],
  );
  if (row && Number(row.targets) >= limit)
    throw badRequest(LcCode.ExceededQuota, `${dailyLimitReached(limit)}.`);
}

/** Takes up to `n` of today's push targets (inside the caller's transaction); returns how many it got. */
export async function takeDailyTargets(tx: Sql, now: Date, n: number, limit: number): Promise<number> {
  if (n <= 0) return 0;
  await tx.query('INSERT INTO lc_push_daily (day, targets) VALUES ($1, 0) ON CONFLICT DO NOTHING', [
    dayOf(now),
  ]);
  const [row] = await tx.query<{ targets: string }>(
    'SELECT targets::text AS targets FROM lc_push_daily WHERE day = $1 FOR UPDATE',
    [dayOf(now)],
  );
  const granted = Math.max(0, Math.min(n, limit - Number(row?.targets ?? 0)));
  if (granted > 0)
    await tx.query('UPDATE lc_push_daily SET targets = targets + $2 WHERE day = $1', [dayOf(now), granted]);
  return granted;
}

/** Doc 2 Limits: "scheduled pushes waiting | ... 1000 per commercial app". */
export async function assertScheduledRoom(tx: Sql, limit: number): Promise<void> {
  // Two pushes scheduled at the same moment must not both take the last place.
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('lc_push_scheduled'))");
  const [row] = await tx.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM lc_pushes WHERE status = 'scheduled'",
  );
  if ((row?.n ?? 0) >= limit)
    throw badRequest(
      LcCode.ExceededQuota,
      `This app already has ${limit} scheduled pushes waiting, its limit: cancel one or send later.`,
    );
}
