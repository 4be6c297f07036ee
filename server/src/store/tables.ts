import { createHash } from 'node:crypto';

/**
 * Each class lives in its own table "o_<ClassName>" (class names are validated against
 * /^[A-Za-z_][A-Za-z0-9_]*$/ before they reach here, so quoting is enough). Index names are
 * derived from a hash because Postgres truncates identifiers at 63 bytes.
 */
export function tableFor(className: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,59}$/.test(className)) throw new Error(`unsafe class name ${className}`);
  return `"o_${className}"`;
}

export function indexName(className: string, suffix: string): string {
  const h = createHash('md5').update(className).digest('hex').slice(0, 16);
  return `"i_${h}_${suffix}"`;
}

/**
 * Objects larger than this are listed in a small partial index on their size, so the read budget
 * (read-budget.ts) finds a class's largest object without reading the class.
 */
export const LARGE_OBJECT_BYTES = 32 * 1024;

/** The index of a class's large objects by size (lc_object_bytes reads only an object's header). */
export function largeObjectIndexDdl(className: string): string {
  return `CREATE INDEX IF NOT EXISTS ${indexName(className, 'size')} ON ${tableFor(className)} (lc_object_bytes(data)) WHERE lc_object_bytes(data) > ${LARGE_OBJECT_BYTES}`;
}

/**
 * The built-in classes whose server paths lean on the GIN and the updatedAt index: push targets
 * _Installation by channels and fields and keeps only devices seen within 90 days (updated_at),
 * expires and housekeeps by updated_at; push records and conversations are found by their fields.
 * They keep the indexes every class had before they became opt-in; the rest stay small tables.
 */
export const FULLY_INDEXED_CLASSES: ReadonlySet<string> = new Set([
  '_User',
  '_Role',
  '_File',
  '_Installation',
  '_Notification',
  '_Conversation',
]);

/** The GIN on every field of `data`: equality and containment on a field no btree index leads. */
export function fieldsIndexDdl(className: string): string {
  return `CREATE INDEX IF NOT EXISTS ${indexName(className, 'data')} ON ${tableFor(className)} USING gin (data jsonb_path_ops)`;
}

/** The (updated_at, id) btree: order by updatedAt, ranges of updatedAt. */
export function updatedIndexDdl(className: string): string {
  return `CREATE INDEX IF NOT EXISTS ${indexName(className, 'updated')} ON ${tableFor(className)} (updated_at, id)`;
}

/**
 * A new class's table. Every class has the primary key (objectId) and (created_at, id) (the
 * default order of the console and of most lists); the GIN and the updatedAt index cost writes
 * and space that most classes never use back, so only FULLY_INDEXED_CLASSES get them here and
 * any other class asks for them through the index API (services/indexes.ts). Existing tables keep
 * whatever indexes they have: this runs only when a class is created.
 */
export function classTableDdl(className: string): string {
  const t = tableFor(className);
  const full = FULLY_INDEXED_CLASSES.has(className);
  return `
    CREATE TABLE IF NOT EXISTS ${t} (
      id text COLLATE "C" PRIMARY KEY,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      acl jsonb,
      data jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    CREATE INDEX IF NOT EXISTS ${indexName(className, 'created')} ON ${t} (created_at, id);
    ${full ? `${fieldsIndexDdl(className)};\n    ${updatedIndexDdl(className)};` : ''}
    ${largeObjectIndexDdl(className)};
  `;
}
