import { asFieldType, fieldTypeOf } from '@switchboard/shared';
import type { FieldType, ReportedField } from '@switchboard/shared';
import { optionsOf } from './field-options';
import type { FlagOption } from './field-options';

export interface GridColumn {
  key: string;
  /** Undefined for a field that is not in the schema and holds only nulls so far. */
  type?: FieldType;
  /** Target class of a Pointer or Relation. */
  className?: string;
  /** The field's options (hidden, read-only, ...), shown in its header; absent when it has none. */
  options?: (FlagOption | 'default')[];
}

const FIRST = 'objectId';
const LAST = ['createdAt', 'updatedAt'] as const;

function column(key: string, schema: ReportedField | undefined, fallback?: FieldType): GridColumn {
  // A type this console does not know (another server's) is shown like an untyped field.
  const type = asFieldType(schema?.type) ?? fallback;
  const col: GridColumn = type ? { key, type } : { key };
  if (schema?.className) col.className = schema.className;
  const options = optionsOf(schema as Record<string, unknown> | undefined);
  if (options.length > 0) col.options = options;
  return col;
}

/**
 * The grid's columns: objectId, the class's own fields in schema order, then createdAt and
 * updatedAt, and last the ACL when the schema lists one: it is not data to browse, but its column
 * is where its editor opens. A field that objects carry but the schema does not list
 * still gets a column, typed from its first non-null value, so nothing stored is hidden.
 */
export function buildColumns(
  fields: Record<string, ReportedField> | undefined,
  rows: readonly Record<string, unknown>[] = [],
): GridColumn[] {
  const schema = fields ?? {};
  const fixed = new Set<string>([FIRST, ...LAST]);
  const own = Object.keys(schema).filter((key) => !fixed.has(key) && schema[key]?.type !== 'ACL');
  // Unlisted keys in order of first appearance; the type stays open while only nulls were seen.
  const extra = new Map<string, ReportedField | undefined>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (Object.hasOwn(schema, key) || fixed.has(key) || key === 'ACL' || extra.get(key)) continue;
      extra.set(key, fieldTypeOf(value));
    }
  }
  return [
    column(FIRST, schema[FIRST], 'String'),
    ...own.map((key) => column(key, schema[key])),
    ...[...extra].map(([key, type]) => column(key, type)),
    ...LAST.map((key) => column(key, schema[key], 'Date')),
    ...Object.keys(schema)
      .filter((key) => schema[key]?.type === 'ACL')
      .map((key) => column(key, schema[key])),
  ];
}

/** Whether two column lists show the same columns (key, type, target class and options, in order). */
export function sameColumns(a: readonly GridColumn[], b: readonly GridColumn[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (c, i) =>
        c.key === b[i]?.key &&
        c.type === b[i]?.type &&
        c.className === b[i]?.className &&
        c.options?.join() === b[i]?.options?.join(),
    )
  );
}

const WIDTH_BY_TYPE: Partial<Record<FieldType, number>> = {
  Number: 120,
  Boolean: 100,
  Date: 180,
  Bytes: 120,
  GeoPoint: 190,
  Pointer: 280,
  Array: 240,
  Object: 240,
};

/** A starting width in pixels: wide enough for the type's usual content and the header. */
export function columnWidth(col: GridColumn): number {
  const byType = col.key === FIRST ? 220 : ((col.type && WIDTH_BY_TYPE[col.type]) ?? 200);
  const header = col.key.length * 8 + 48;
  return Math.min(Math.max(byType, header), 480);
}

/** The type shown under a column's name, e.g. "Pointer → Product". */
export function columnTypeLabel(col: GridColumn): string {
  if (!col.type) return '';
  return col.className ? `${col.type} → ${col.className}` : col.type;
}
