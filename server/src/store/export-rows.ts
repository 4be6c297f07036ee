import type { Sql } from '@switchboard/shared/sql';
import type { ExportParams } from './exports';
import type { ObjectRow } from './objects';
import { tableFor } from './tables';

/**
 * One page of a class for an export, within the updatedAt range: keyset-paged on the primary key,
 * so a whole export reads the class once whatever its other indexes (the updatedAt one is
 * opt-in), and an object updated while the export runs is still written exactly once.
 */
export async function pageById(
  sql: Sql,
  className: string,
  params: ExportParams,
  after: string | undefined,
  limit: number,
): Promise<ObjectRow[]> {
  const conds: string[] = [];
  const values: unknown[] = [];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  if (params.fromDate) conds.push(`updated_at >= ${add(params.fromDate)}::timestamptz`);
  if (params.toDate) conds.push(`updated_at <= ${add(params.toDate)}::timestamptz`);
  if (after !== undefined) conds.push(`id > ${add(after)}`);
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  return sql.query<ObjectRow>(
    `SELECT id, created_at, updated_at, acl, data FROM ${tableFor(className)} ${where} ORDER BY id LIMIT ${add(limit)}`,
    values,
  );
}
