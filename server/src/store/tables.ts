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

export function classTableDdl(className: string): string {
  const t = tableFor(className);
  return `
    CREATE TABLE IF NOT EXISTS ${t} (
      id text COLLATE "C" PRIMARY KEY,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      acl jsonb,
      data jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    CREATE INDEX IF NOT EXISTS ${indexName(className, 'data')} ON ${t} USING gin (data jsonb_path_ops);
    CREATE INDEX IF NOT EXISTS ${indexName(className, 'created')} ON ${t} (created_at, id);
    CREATE INDEX IF NOT EXISTS ${indexName(className, 'updated')} ON ${t} (updated_at, id);
    ${largeObjectIndexDdl(className)};
  `;
}
