import { withoutStatementTimeout } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import { fieldsIndexDdl, indexName, updatedIndexDdl } from './tables';

/**
 * The two indexes that were on every class and are now opt-in (tables.ts classTableDdl): the GIN
 * on all fields, asked for with keys {"$**": 1} (MongoDB's spelling of "every field", so a reader
 * of LeanCloud's Mongo-shaped index definitions takes it for what it is), and (updated_at, id),
 * asked for with keys {"updatedAt": 1} (or -1: the one index serves both directions). Their
 * names keep the underscores of the always-present `_id_` and `_createdAt_`. Whether a class has
 * one is read from the catalog, so classes made before they became opt-in list theirs.
 */
export interface OptionalIndex {
  name: '_fields_' | '_updatedAt_';
  keys: Record<string, 1>;
  suffix: string;
  ddl: (className: string) => string;
  note: string;
}

export const OPTIONAL_INDEXES: readonly OptionalIndex[] = [
  {
    name: '_updatedAt_',
    keys: { updatedAt: 1 },
    suffix: 'updated',
    ddl: updatedIndexDdl,
    note: 'order by updatedAt and ranges of updatedAt',
  },
  {
    name: '_fields_',
    keys: { '$**': 1 },
    suffix: 'data',
    ddl: fieldsIndexDdl,
    note: 'equality and containment on any field no other index leads',
  },
];

export function optionalIndexNamed(name: string): OptionalIndex | undefined {
  return OPTIONAL_INDEXES.find((o) => o.name === name);
}

/** The optional indexes the class's table has now. */
export async function presentOptionalIndexes(sql: Sql, className: string): Promise<OptionalIndex[]> {
  const rows = await sql.query<{ n: string | null }>(
    'SELECT to_regclass(n)::text AS n FROM unnest($1::text[]) AS n',
    [OPTIONAL_INDEXES.map((o) => indexName(className, o.suffix))],
  );
  return OPTIONAL_INDEXES.filter((_, i) => rows[i]?.n != null);
}

/** Builds it; false if the class already had it. */
export async function createOptionalIndex(
  sql: Sql,
  className: string,
  index: OptionalIndex,
): Promise<boolean> {
  return sql.transaction(async (tx) => {
    // Building an index reads the whole class: on a large one it may rightly take minutes.
    await withoutStatementTimeout(tx);
    // One builder at a time per class, so "already had it" is answered truly.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lc_index:${className}`]);
    if ((await presentOptionalIndexes(tx, className)).includes(index)) return false;
    await tx.exec(index.ddl(className));
    return true;
  });
}

/** Drops it; false if the class did not have it. */
export async function dropOptionalIndex(sql: Sql, className: string, index: OptionalIndex): Promise<boolean> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lc_index:${className}`]);
    if (!(await presentOptionalIndexes(tx, className)).includes(index)) return false;
    await tx.exec(`DROP INDEX IF EXISTS ${indexName(className, index.suffix)}`);
    return true;
  });
}
