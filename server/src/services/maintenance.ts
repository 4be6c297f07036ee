import type { Sql } from '@switchboard/shared/sql';
import { indexName, tableFor } from '../store/tables';

/**
 * PGlite runs no autovacuum: without it a class never gets planner statistics and its GIN index's
 * backlog of new entries is searched by every query. This does the part of autovacuum's work that
 * queries need: after enough writes to a class (1,000 plus a tenth of its rows, autovacuum's own
 * rule), ANALYZE it and merge its GIN backlog. On Postgres, autovacuum does it.
 */
export class Maintenance {
  private readonly writes = new Map<string, number>();
  private readonly rows = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly log: (err: unknown) => void,
  ) {}

  /** Counts writes to a class (called by the write paths). */
  noteWrites(className: string, n: number): void {
    if (this.sql.kind !== 'pglite') return;
    this.writes.set(className, (this.writes.get(className) ?? 0) + n);
  }

  start(everyMs = 10_000): void {
    if (this.sql.kind !== 'pglite') return;
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
      await this.analyze(className);
      // Only classes that have the GIN on every field (it is opt-in, store/optional-indexes.ts).
      await this.sql.query(
        'SELECT gin_clean_pending_list(to_regclass($1)) WHERE to_regclass($1) IS NOT NULL',
        [indexName(className, 'data')],
      );
      const [row] = await this.sql.query<{ n: number }>(
        'SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass',
        [tableFor(className)],
      );
      this.rows.set(className, row?.n ?? 0);
    }
  }
}
