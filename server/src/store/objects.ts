import { isValidKeyName } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { pgErrorCode } from '@switchboard/shared/sql';
import { aclCondition } from './acl-sql';
import { orderBySql } from './order-sql';
import type { OrderTerm } from './order-sql';
import { Params } from './params';
import type { NearOrder } from './where-context';
import { distanceSql } from './where-geo';
import { tableFor } from './tables';
import { TEXT_COLUMNS } from './object-text';
import type { ObjectText } from './object-text';

export interface ObjectRow {
  id: string;
  created_at: Date;
  updated_at: Date;
  acl: Acl | null;
  data: Record<string, unknown>;
}

const COLUMNS = 'id, created_at, updated_at, acl, data';

/**
 * Get by id: the same text with a new id, request after request, and a plan that is the primary
 * key whatever the id, so a prepared statement with a generic plan is always right. Query pages and
 * counts stay planned for their values: a generic plan for `status = $1` is chosen from an average
 * selectivity, and on a skewed field it would walk the order index for a rare value.
 */
const HOT = { prepare: true } as const;

/** A filter already rendered to SQL, with its parameters. */
export interface Filter {
  sql: string;
  params: Params;
  /** A top-level $nearSphere: without `order`, results come nearest first. */
  near?: NearOrder | undefined;
}

/** Postgres "undefined_table": the class was dropped by another process. */
export const isMissingTable = (e: unknown) => pgErrorCode(e) === '42P01';

export async function insertObject(sql: Sql, className: string, row: ObjectRow): Promise<void> {
  await insertObjects(sql, className, [row]);
}

/** Inserts rows with one statement per thousand (a batch of creates costs one round trip). */
export async function insertObjects(sql: Sql, className: string, rows: ObjectRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    const values: unknown[] = [];
    const tuples = rows.slice(start, start + 1000).map((row) => {
      const n = values.length;
      values.push(
        row.id,
        row.created_at,
        row.updated_at,
        row.acl === null ? null : JSON.stringify(row.acl),
        JSON.stringify(row.data),
      );
      return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb, $${n + 5}::jsonb)`;
    });
    await sql.query(`INSERT INTO ${tableFor(className)} (${COLUMNS}) VALUES ${tuples.join(', ')}`, values);
  }
}

/** One object, optionally only if it also matches `filter`, optionally locked for update. */
export async function selectObject(
  sql: Sql,
  className: string,
  id: string,
  opts: { filter?: Filter | undefined; forUpdate?: boolean } = {},
): Promise<ObjectRow | undefined> {
  const p = opts.filter?.params.clone() ?? new Params();
  const cond = opts.filter ? ` AND (${opts.filter.sql})` : '';
  const rows = await sql.query<ObjectRow>(
    `SELECT ${COLUMNS} FROM ${tableFor(className)} WHERE id = ${p.add(id)}${cond}${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    p.values,
    HOT,
  );
  return rows[0];
}

export async function updateObjectRow(
  sql: Sql,
  className: string,
  row: Pick<ObjectRow, 'id' | 'updated_at' | 'acl' | 'data'>,
): Promise<void> {
  await sql.query(
    `UPDATE ${tableFor(className)} SET data = $2::jsonb, acl = $3::jsonb, updated_at = $4 WHERE id = $1`,
    [row.id, JSON.stringify(row.data), row.acl === null ? null : JSON.stringify(row.acl), row.updated_at],
  );
}

/** Deletes the object if it exists and matches `filter`; returns whether a row went. */
export async function deleteObjectRow(
  sql: Sql,
  className: string,
  id: string,
  filter?: Filter,
): Promise<boolean> {
  const p = filter?.params.clone() ?? new Params();
  const cond = filter ? ` AND (${filter.sql})` : '';
  const rows = await sql.query(
    `DELETE FROM ${tableFor(className)} WHERE id = ${p.add(id)}${cond} RETURNING id`,
    p.values,
  );
  return rows.length > 0;
}

export interface FindOptions {
  filter: Filter;
  order: OrderTerm[] | undefined;
  limit: number;
  skip: number;
}

/** The SQL of a query page (exposed so tests can EXPLAIN exactly what queries run). */
export function findSql(className: string, o: FindOptions): { text: string; values: unknown[] } {
  const p = o.filter.params.clone();
  const near = o.order ? undefined : o.filter.near;
  const first = near
    ? `${distanceSql(near.path, `${p.add(near.latitude)}::float8`, `${p.add(near.longitude)}::float8`)} ASC`
    : undefined;
  const text = `SELECT ${TEXT_COLUMNS} FROM ${tableFor(className)} WHERE ${o.filter.sql} ORDER BY ${orderBySql(o.order, first)} LIMIT ${p.add(o.limit)} OFFSET ${p.add(o.skip)}`;
  return { text, values: p.values };
}

/** A query page, each row as the database's texts (object-text.ts). */
export async function findObjects(sql: Sql, className: string, o: FindOptions): Promise<ObjectText[]> {
  const { text, values } = findSql(className, o);
  return sql.query<ObjectText>(text, values);
}

export async function countObjects(sql: Sql, className: string, filter: Filter): Promise<number> {
  const rows = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${tableFor(className)} WHERE ${filter.sql}`,
    filter.params.values,
  );
  return rows[0]?.n ?? 0;
}

/** The object whose top-level field `field` holds the string `value` (unique fields: username, key). */
export async function selectByField(
  sql: Sql,
  className: string,
  field: string,
  value: string,
): Promise<ObjectRow | undefined> {
  // The field is written into the SQL, not bound: only then can a unique index on (data->>'f') serve it.
  if (!isValidKeyName(field)) throw new Error(`unsafe field name ${field}`);
  const rows = await sql.query<ObjectRow>(
    `SELECT ${COLUMNS} FROM ${tableFor(className)} WHERE data->>'${field}' = $1 LIMIT 1`,
    [value],
  );
  return rows[0];
}

/** The objects with these ids, only those `readKeys` may read (all of them for the master key). */
export async function selectByIds(
  sql: Sql,
  className: string,
  ids: string[],
  readKeys?: readonly string[],
): Promise<ObjectRow[]> {
  if (ids.length === 0) return [];
  const p = new Params();
  const idsParam = p.add(ids);
  return sql.query<ObjectRow>(
    `SELECT ${COLUMNS} FROM ${tableFor(className)} WHERE id = ANY(${idsParam}::text[]) AND ${aclCondition(p, readKeys, 'read')}`,
    p.values,
  );
}
