import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError } from '../http/errors';
import type { AppSettings } from '../services/settings';

/** Doc 3 Limits: the three categories of message operations; each shares one quota. */
export type RateCategory = 'normal' | 'subscription' | 'broadcast';

const BLOCK_MS = 60_000;
const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000) * 60_000;
const dayOf = (now: Date) => now.toISOString().slice(0, 10);
const endOfDay = (now: Date) => new Date(`${dayOf(now)}T00:00:00.000Z`).getTime() + 86_400_000;
/** Calls a process takes from the shared count at once: a twentieth of the minute limit. */
const LEASE_SHARE = 20;

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

/** Calls of one category this process has taken from the shared count and not used yet. */
interface Lease {
  /** The settings revision the limits were read at. */
  revision: number;
  window: number;
  day: string;
  minute: number;
  dayLimit: number;
  left: number;
}

interface Refusal {
  until: number;
  daily: boolean;
  minute: number;
  day: number;
}

/** The app settings, and the revision that tells whether they may have changed in this process. */
export interface SettingsSource {
  readonly revision: number;
  get(sql: Sql): Promise<AppSettings>;
}

/**
 * Doc 3 rate limits. The count lives in the database (every server process shares it), but a
 * process takes calls from it in leases of a twentieth of the minute limit and counts them in
 * memory, so a send usually costs no database work and no shared row is written per call. A
 * category with a daily limit takes one call at a time, so its daily count stays exact. In one
 * process the outcome is exactly the shared count's: past the minute limit the category is
 * refused for a minute, past the daily one until the day (UTC) ends. With several processes a
 * process may hold up to a lease of calls it has not used, which the others see as taken.
 */
export class ImRateCounter {
  private readonly leases = new Map<RateCategory, Lease>();
  private readonly refused = new Map<RateCategory, Refusal>();
  private readonly taking = new Map<RateCategory, Promise<void>>();

  /** Forgets what this process holds (the test-only reset empties the shared count). */
  clear(): void {
    this.leases.clear();
    this.refused.clear();
  }

  /**
   * Counts one call of `category`, or throws 429. `sql` inside a batch is the batch's transaction:
   * there a call is counted in the database alone (a rollback takes it back with the batch).
   */
  async count(
    sql: Sql,
    now: Date,
    settings: SettingsSource,
    category: RateCategory,
    inBatch = false,
  ): Promise<void> {
    for (;;) {
      const refusal = this.refused.get(category);
      if (refusal && refusal.until > now.getTime()) throw tooMany(category, refusal);
      const lease = this.leases.get(category);
      const thisMinute = lease && lease.window === minuteOf(now) && lease.day === dayOf(now);
      // Limits read at the settings' current revision: no need to read them again.
      if (!inBatch && thisMinute && lease.revision === settings.revision && lease.left > 0) {
        lease.left--;
        return;
      }
      const pending = this.taking.get(category);
      if (pending) {
        await pending;
        continue;
      }
      const revision = settings.revision;
      const { minute, day } = limitsOf(await settings.get(sql), category);
      // Another call may have taken (or be taking) a lease while the settings were read: use it
      // rather than take a second one (which would leave the first one's calls unused).
      if (this.taking.has(category) || this.leases.get(category) !== lease) continue;
      const current = thisMinute && lease.minute === minute && lease.dayLimit === day;
      if (current && lease.left > 0 && !inBatch) {
        lease.revision = revision;
        lease.left--;
        return;
      }
      const want =
        inBatch || day !== Number.MAX_SAFE_INTEGER ? 1 : Math.max(1, Math.floor(minute / LEASE_SHARE));
      // A lease of this minute that a changed limit made stale goes back to the shared count.
      const giveBack = lease && !current && !inBatch && lease.window === minuteOf(now) ? lease : undefined;
      const take = this.take(sql, now, category, { minute, day, want, giveBack, inBatch, revision });
      this.taking.set(
        category,
        take.then(
          () => undefined,
          () => undefined,
        ),
      );
      let outcome: Awaited<typeof take>;
      try {
        outcome = await take;
      } finally {
        this.taking.delete(category);
      }
      if ('refusal' in outcome) throw tooMany(category, outcome.refusal);
      if (inBatch) return;
    }
  }

  /** Gives back a call counted for work that did not happen (a send to a missing conversation). */
  refund(category: RateCategory, now: Date): void {
    const lease = this.leases.get(category);
    if (lease && lease.window === minuteOf(now)) lease.left++;
  }

  private async take(
    sql: Sql,
    now: Date,
    category: RateCategory,
    o: {
      minute: number;
      day: number;
      want: number;
      giveBack: Lease | undefined;
      inBatch: boolean;
      revision: number;
    },
  ): Promise<{ granted: number } | { refusal: Refusal }> {
    const window = minuteOf(now);
    const today = dayOf(now);
    const outcome = (await sql.transaction(async (tx) => {
      // A count lost in a crash costs nothing: the commit does not wait for the disk.
      if (!o.inBatch) await tx.exec('SET LOCAL synchronous_commit TO off');
      await tx.query(
        `INSERT INTO lc_im_rate (category, window_start, calls, day, day_calls) VALUES ($1, $2, 0, $3, 0)
         ON CONFLICT DO NOTHING`,
        [category, new Date(window), today],
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
      if (!row) throw new Error('lc_im_rate lost the row it has just written');
      const back = o.giveBack?.left ?? 0;
      const sameWindow = row.window_start.getTime() === window;
      const sameDay = row.day === today;
      const calls = sameWindow ? Math.max(0, row.calls - back) : 0;
      const dayCalls = sameDay ? Math.max(0, row.day_calls - (o.giveBack?.day === today ? back : 0)) : 0;
      if (row.blocked_until && row.blocked_until > now) {
        if (back)
          await tx.query('UPDATE lc_im_rate SET calls = $2, day_calls = $3 WHERE category = $1', [
            category,
            calls,
            dayCalls,
          ]);
        return {
          refusal: {
            until: row.blocked_until.getTime(),
            daily: row.blocked_until.getTime() >= endOfDay(now),
            minute: o.minute,
            day: o.day,
          },
        };
      }
      const room = Math.min(o.minute - calls, o.day - dayCalls);
      let blocked: Refusal | undefined;
      if (room <= 0)
        blocked =
          dayCalls >= o.day
            ? { until: endOfDay(now), daily: true, minute: o.minute, day: o.day }
            : { until: now.getTime() + BLOCK_MS, daily: false, minute: o.minute, day: o.day };
      const granted = blocked ? 0 : Math.min(o.want, room);
      await tx.query(
        `UPDATE lc_im_rate SET window_start = $2, calls = $3, blocked_until = $4, day = $5, day_calls = $6
         WHERE category = $1`,
        [
          category,
          new Date(window),
          calls + (blocked ? 1 : granted),
          blocked ? new Date(blocked.until) : null,
          today,
          dayCalls + granted,
        ],
      );
      return blocked ? { refusal: blocked } : { granted };
    })) as { granted: number } | { refusal: Refusal };
    // Inside a batch the transaction may still roll back: nothing is kept in memory.
    if (o.inBatch) return outcome;
    if ('refusal' in outcome) {
      this.refused.set(category, outcome.refusal);
      this.leases.delete(category);
    } else {
      this.refused.delete(category);
      this.leases.set(category, {
        revision: o.revision,
        window,
        day: today,
        minute: o.minute,
        dayLimit: o.day,
        left: outcome.granted,
      });
    }
    return outcome;
  }
}

function tooMany(category: RateCategory, r: Refusal): ApiError {
  const { minute, day } = r;
  return new ApiError(
    429,
    LcCode.TooManyRequests,
    `Too many ${NAMES[category]}: this app allows ${r.daily ? `${day} a day` : `${minute} a minute`}. Calls are refused until ${new Date(r.until).toISOString()}.`,
  );
}
