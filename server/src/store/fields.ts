import type { FieldSchema } from '@switchboard/shared';

/**
 * How a field of a where clause, an order or an index reads in SQL. Typed top-level fields get a
 * typed expression (strings in byte order with COLLATE "C", Dates by their ISO text), which is
 * also the expression indexes are built on, so queries and indexes meet.
 */
export type FieldRef =
  | { kind: 'id' }
  | { kind: 'time'; column: 'created_at' | 'updated_at' }
  | { kind: 'json'; path: string[]; type: FieldSchema['type'] | undefined };

const sqlLit = (s: string) => `'${s.replace(/'/g, "''")}'`;

export function fieldRef(field: string, fields: Record<string, FieldSchema> | undefined): FieldRef {
  if (field === 'objectId') return { kind: 'id' };
  if (field === 'createdAt') return { kind: 'time', column: 'created_at' };
  if (field === 'updatedAt') return { kind: 'time', column: 'updated_at' };
  const path = field.split('.');
  return { kind: 'json', path, type: path.length === 1 ? fields?.[field]?.type : undefined };
}

/** jsonb value at a data path; literals inline so expression indexes can match. */
export function jsonExpr(path: string[]): string {
  return `data${path.map((seg) => `->${sqlLit(seg)}`).join('')}`;
}

/** Text of a scalar at a data path. */
export function textExpr(path: string[]): string {
  return path.length === 1
    ? `(data->>${sqlLit(path[0] ?? '')})`
    : `(data#>>${sqlLit(`{${path.join(',')}}`)})`;
}

/**
 * The ordering expression of a field: what ORDER BY, range comparisons and indexes use.
 * Strings and Dates compare as text in byte (code point) order; other JSON by jsonb order.
 */
export function sortExpr(ref: FieldRef): string {
  switch (ref.kind) {
    case 'id':
      return 'id';
    case 'time':
      return ref.column;
    case 'json':
      if (ref.type === 'String') return `${textExpr(ref.path)} COLLATE "C"`;
      if (ref.type === 'Date') return `(${jsonExpr(ref.path)}->>'iso') COLLATE "C"`;
      if (ref.type === 'Pointer') return `(${jsonExpr(ref.path)}->>'objectId') COLLATE "C"`;
      // A stored null sorts like a missing field, as in LeanCloud's (MongoDB's) ordering.
      return `NULLIF(${jsonExpr(ref.path)}, 'null'::jsonb)`;
  }
}

/** The SQL type of sortExpr(ref): how a value compared with it must be passed. */
export function sortKind(ref: FieldRef): 'text' | 'jsonb' | 'timestamptz' {
  if (ref.kind === 'id') return 'text';
  if (ref.kind === 'time') return 'timestamptz';
  return ref.type === 'String' || ref.type === 'Date' || ref.type === 'Pointer' ? 'text' : 'jsonb';
}

/**
 * ORDER BY terms for a field. A field of unknown type (a nested path) mixes JSON types, and jsonb
 * compares strings in the database's collation; ranking the type first and comparing strings as
 * text in byte order keeps the order the same on every database.
 */
export function orderExprs(ref: FieldRef): string[] {
  if (ref.kind !== 'json' || ref.type !== undefined) return [sortExpr(ref)];
  const v = sortExpr(ref);
  const rank = `CASE jsonb_typeof(${v}) WHEN 'string' THEN 1 WHEN 'number' THEN 2 WHEN 'boolean' THEN 3 WHEN 'array' THEN 4 WHEN 'object' THEN 5 END`;
  const text = `(CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${v} #>> '{}' END) COLLATE "C"`;
  return [rank, text, v];
}
