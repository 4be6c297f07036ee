import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from '../store/tables';

/**
 * PGlite runs no autovacuum: without it a class never gets planner statistics, its GIN index's
 * backlog of new entries is searched by every query (a client's unread count over 10,000
 * conversations took 5 ms instead of 0.2), and the row versions its updates leave behind are
 * never freed. This does autovacuum's work: after enough writes to a class (1,000 plus a tenth of
 * its rows), VACUUM and ANALYZE it. On Postgres autovacuum does it, unless it is turned off
 * (`autovacuum = off`), in which case this takes over there too.
 */
export class Maintenance {
  private readonly writes = new Map<string, number>();
  private readonly rows = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Set once the database is known to vacuum by itself. */
  private off = false;

  constructor(
    private readonly sql: Sql,
    private readonly log: (err: unknown) => void,
  ) {}

  /** Counts writes to a class (called by the write paths). */
  noteWrites(className: string, n: number): void {
    if (this.off) return;
    this.writes.set(className, (this.writes.get(className) ?? 0) + n);
  }

  async start(everyMs = 10_000): Promise<void> {
    if (this.sql.kind !== 'pglite') {
      const [row] = await this.sql.query<{ on: boolean }>(
        "SELECT current_setting('autovacuum') = 'on' AS on",
      );
      this.off = row?.on !== false;
      if (this.off) return void this.writes.clear();
    }
    this.timer = setInterval(() => {
      this.running ??= this.runDue()
        .catch((e: unknown) => this.log(e))
        .finally(() => (this.running = undefined));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Statistics for one class now (after an index is created, so the planner knows to use it). */
  async analyze(className: string): Promise<void> {
    await this.sql.exec(`ANALYZE ${tableFor(className)}`);
  }

  async runDue(): Promise<void> {
    for (const [className, count] of [...this.writes]) {
      if (count < 1000 + 0.1 * (this.rows.get(className) ?? 0)) continue;
      this.writes.delete(className);
      // VACUUM frees what updates and deletes left behind (every message rewrites its
      // conversation's row, so without it a chat's _Conversation table and its indexes grow with
      // each message), merges the GIN backlog, and ANALYZE gives the planner its statistics.
      await this.sql.exec(`VACUUM (ANALYZE) ${tableFor(className)}`);
      const [row] = await this.sql.query<{ n: number }>(
        'SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass',
        [tableFor(className)],
      );
      this.rows.set(className, row?.n ?? 0);
    }
  }
}
