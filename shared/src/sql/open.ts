import type { OpenSqlOptions, Sql } from './index';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export function openSql(options: OpenSqlOptions): Promise<Sql> {
  return options.url ? openPostgres(options.url, options.schema) : openPglite(options.dataDir);
}
