/**
 * CPU time of the Postgres backends serving one server: the connections whose application_name
 * is the server's, read from /proc (the database runs on this machine). Backends that appear
 * during a run count from zero; one that ends during it loses its last share, which pooled
 * connections of a running server do not do.
 */
import { readFileSync } from 'node:fs';
import { openSql } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';

const CLOCK_TICKS = 100;

function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

export class DbCpu {
  private constructor(
    private readonly sql: Sql,
    private readonly applicationName: string,
  ) {}

  static async open(url: string, applicationName: string): Promise<DbCpu> {
    return new DbCpu(await openSql({ url }), applicationName);
  }

  /** CPU ms of each backend of the server now. */
  async snapshot(): Promise<Map<number, number>> {
    const rows = await this.sql.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [this.applicationName],
    );
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms !== undefined) out.set(pid, ms);
    }
    return out;
  }

  /** CPU ms the server's backends used between `before` and now. */
  async since(before: Map<number, number>): Promise<number> {
    const after = await this.snapshot();
    let total = 0;
    for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
    return total;
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}
