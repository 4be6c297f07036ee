import type { Sql } from '@switchboard/shared/sql';
import type { ExportParams } from './exports';
import type { ObjectRow } from './objects';
import { tableFor } from './tables';

/** One page of a class for an export: keyset-paged on (updated_at, id), within the date range. */
export async function pageByUpdatedAt(
  sql: Sql,
  className: string,
  params: ExportParams,
  after: { updatedAt: Date; id: string } | undefined,
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
  if (after) conds.push(`(updated_at, id) > (${add(after.updatedAt)}::timestamptz, ${add(after.id)})`);
  const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
  return sql.query<ObjectRow>(
    `SELECT id, created_at, updated_at, acl, data FROM ${tableFor(className)} ${where} ORDER BY updated_at, id LIMIT ${add(limit)}`,
    values,
  );
}
