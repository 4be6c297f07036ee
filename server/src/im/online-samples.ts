import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../lib/clock';
import type { ImLive } from './live';

/** One point of the online chart covers this long. */
export const ONLINE_BUCKET_MS = 5 * 60_000;
const SAMPLE_EVERY_MS = 60_000;
/** The chart shows a day; a second one is kept so a late reader still has a full day. */
const KEEP_MS = 2 * 24 * 3_600_000;

export const bucketOf = (at: number) => at - (at % ONLINE_BUCKET_MS);

/**
 * Keeps the highest count of a bucket. The count is read from the shared presence table, so it is
 * already the union of every process; processes sampling the same bucket agree, or the later one
 * saw more clients, and GREATEST keeps the peak either way.
 */
export async function recordOnline(sql: Sql, at: number, n: number): Promise<void> {
  await sql.query(
    `INSERT INTO lc_im_online (at, n) VALUES ($1, $2)
     ON CONFLICT (at) DO UPDATE SET n = GREATEST(lc_im_online.n, EXCLUDED.n)`,
    [bucketOf(at), n],
  );
}

/** Every process samples once a minute; a dead process's clients leave the presence count. */
export class OnlineSampler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly sql: Sql,
    private readonly live: ImLive,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running = this.sample().catch(this.onError);
    }, SAMPLE_EVERY_MS);
    this.timer.unref();
  }

  async sample(): Promise<void> {
    const now = this.clock.now().getTime();
    await recordOnline(this.sql, now, await this.live.onlineCount());
    await this.sql.query('DELETE FROM lc_im_online WHERE at < $1', [now - KEEP_MS]);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
