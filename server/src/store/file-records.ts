import type { Sql } from '@switchboard/shared/sql';
import type { ObjectRow } from './objects';

/** The file record whose content is stored under `key` (the unique index on key serves this). */
export async function findFileByKey(sql: Sql, key: string): Promise<ObjectRow | undefined> {
  const rows = await sql.query<ObjectRow>(
    `SELECT id, created_at, updated_at, acl, data FROM "o__File" WHERE data->>'key' = $1`,
    [key],
  );
  return rows[0];
}
