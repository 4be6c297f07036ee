import { withoutStatementTimeout } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import { isMissingTable } from './objects';
import { tableFor } from './tables';

/** Everything stored for a class besides its registry row: its table, relation rows, index records. */
export async function dropClassData(tx: Sql, className: string): Promise<void> {
  await tx.exec(`DROP TABLE IF EXISTS ${tableFor(className)}`);
  // Rows the class's objects own, and rows pointing at its objects from other classes' relations.
  await tx.query('DELETE FROM lc_relations WHERE owner_class = $1 OR target_class = $1', [className]);
  await tx.query('DELETE FROM lc_indexes WHERE class_name = $1', [className]);
  await tx.query('DELETE FROM lc_class_permissions WHERE name = $1', [className]);
  await tx.query('DELETE FROM lc_counters WHERE class_name = $1', [className]);
}

/**
 * Removes a field's values from every object of the class, and its relation rows. It rewrites the
 * whole class (called inside the schema change's transaction), so the statement limit is lifted.
 */
export async function dropFieldData(tx: Sql, className: string, field: string): Promise<void> {
  await withoutStatementTimeout(tx);
  await tx.query(`UPDATE ${tableFor(className)} SET data = data - $1::text WHERE data ? $1::text`, [field]);
  await tx.query('DELETE FROM lc_relations WHERE owner_class = $1 AND field = $2', [className, field]);
  await tx.query('DELETE FROM lc_counters WHERE class_name = $1 AND field = $2', [className, field]);
}

/**
 * Object counts per class: the planner's estimate (pg_class.reltuples) for large tables, an exact
 * count for small or never-analyzed ones (reltuples -1), where counting is cheap.
 */
export async function classCounts(
  sql: Sql,
  exactBelow: number,
): Promise<{ className: string; estimatedCount: number; exact: boolean }[]> {
  const rows = await sql.query<{ name: string; reltuples: number | null }>(
    `SELECT c.name, p.reltuples::float8 AS reltuples
       FROM lc_classes c LEFT JOIN pg_class p ON p.oid = to_regclass(quote_ident('o_' || c.name))
      ORDER BY c.name`,
  );
  const out = [];
  for (const r of rows) {
    const estimate = r.reltuples ?? -1;
    if (estimate >= exactBelow) {
      out.push({ className: r.name, estimatedCount: Math.round(estimate), exact: false });
      continue;
    }
    const [n] = await sql
      .query<{ n: number }>(`SELECT count(*)::int AS n FROM ${tableFor(r.name)}`)
      // A class deleted since the list was read has no objects left.
      .catch((e: unknown) => (isMissingTable(e) ? [{ n: 0 }] : Promise.reject(e as Error)));
    out.push({ className: r.name, estimatedCount: n?.n ?? 0, exact: true });
  }
  return out;
}
