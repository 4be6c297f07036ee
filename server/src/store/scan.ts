import type { Sql } from '@switchboard/shared/sql';
import { sortKind } from './fields';
import type { FieldRef } from './fields';
import type { Filter, ObjectRow } from './objects';
import { tableFor } from './tables';

export interface ScanOptions {
  filter: Filter;
  ref: FieldRef;
  /** The scan key's ordering expression. */
  key: string;
  desc: boolean;
  /** The key value of the last row of the previous page. */
  after: unknown;
  limit: number;
}

/** One page of a scan, ordered by the scan key, starting after the previous page's last key. */
export async function scanObjects(
  sql: Sql,
  className: string,
  o: ScanOptions,
): Promise<(ObjectRow & { scan_key: unknown })[]> {
  const p = o.filter.params.clone();
  const conds = [o.filter.sql, `${o.key} IS NOT NULL`];
  if (o.after !== undefined) {
    const kind = sortKind(o.ref);
    const value =
      kind === 'jsonb'
        ? p.json(o.after)
        : kind === 'timestamptz'
          ? `${p.add(o.after)}::timestamptz`
          : p.add(o.after);
    conds.push(`${o.key} ${o.desc ? '<' : '>'} ${value}`);
  }
  return sql.query(
    `SELECT id, created_at, updated_at, acl, data, ${o.key} AS scan_key FROM ${tableFor(className)}
      WHERE ${conds.map((c) => `(${c})`).join(' AND ')}
      ORDER BY ${o.key} ${o.desc ? 'DESC' : 'ASC'} LIMIT ${p.add(o.limit)}`,
    p.values,
  );
}
