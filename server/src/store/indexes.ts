import { createHash } from 'node:crypto';
import { withoutStatementTimeout } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { ClassFields } from './classes';
import { fieldRef, sortExpr } from './fields';
import { tableFor } from './tables';

/** Index keys as LeanCloud's index API writes them: field -> 1 (ascending) or -1 (descending). */
export type IndexKeys = Record<string, 1 | -1>;

export interface IndexRow {
  name: string;
  keys: IndexKeys;
  unique: boolean;
}

/** Postgres index names are per schema and at most 63 bytes: class hash plus the given name. */
export function pgIndexName(className: string, name: string): string {
  const h = createHash('md5').update(className).digest('hex').slice(0, 12);
  return `"x_${h}_${name}"`;
}

/**
 * A btree index on the fields' ordering expressions (the same ones queries use), missing values
 * first ascending like queries sort them, and objectId last so equality on the leading fields
 * comes back in id order without a sort.
 */
export function indexDdl(className: string, index: IndexRow, fields: ClassFields | undefined): string {
  const cols = Object.entries(index.keys).map(([field, dir]) => {
    const expr = sortExpr(fieldRef(field, fields));
    return `${expr} ${dir === -1 ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`;
  });
  if (!index.unique && !Object.keys(index.keys).includes('objectId')) cols.push('id');
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${pgIndexName(className, index.name)} ON ${tableFor(className)} (${cols.join(', ')})`;
}

export async function listIndexRows(sql: Sql, className: string): Promise<IndexRow[]> {
  return sql.query<IndexRow>(
    'SELECT name, keys, is_unique AS "unique" FROM lc_indexes WHERE class_name = $1 ORDER BY created_at, name',
    [className],
  );
}

export async function createIndexRow(
  sql: Sql,
  className: string,
  index: IndexRow,
  fields: ClassFields | undefined,
): Promise<void> {
  await sql.transaction(async (tx) => {
    // Building an index reads the whole class: on a large one it may rightly take minutes.
    await withoutStatementTimeout(tx);
    await tx.query(
      'INSERT INTO lc_indexes (class_name, name, keys, is_unique) VALUES ($1, $2, $3::jsonb, $4)',
      [className, index.name, JSON.stringify(index.keys), index.unique],
    );
    await tx.exec(indexDdl(className, index, fields));
  });
}

export async function dropIndexRow(sql: Sql, className: string, name: string): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const rows = await tx.query('DELETE FROM lc_indexes WHERE class_name = $1 AND name = $2 RETURNING name', [
      className,
      name,
    ]);
    if (rows.length === 0) return false;
    await tx.exec(`DROP INDEX IF EXISTS ${pgIndexName(className, name)}`);
    return true;
  });
}
