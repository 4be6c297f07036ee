import type { OpenSqlOptions, Sql } from './index';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export function openSql(options: OpenSqlOptions): Promise<Sql> {
  if (options.statementTimeoutMs !== undefined) {
    const ms = options.statementTimeoutMs;
    if (!Number.isInteger(ms) || ms < 1) throw new Error(`invalid statement time limit ${ms} ms`);
  }
  return options.url
    ? openPostgres(options.url, options.schema, options.statementTimeoutMs)
    : openPglite(options.dataDir, options.statementTimeoutMs);
}
