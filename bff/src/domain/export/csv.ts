import { csvSafeText, isPlainObject } from '@switchboard/shared';
import type { ReportedField } from '@switchboard/shared';
import { stringify } from 'csv-stringify/sync';

/**
 * The CSV columns: the class's fields in schema order, narrowed to `keys` when given. ACL is a
 * column whenever the keys keep it, even when the schema does not report it (Doc 1 lists ACL as a
 * field of every object; not every app's schema names it), so an import can restore it.
 */
export function csvColumns(fields: Record<string, ReportedField>, keys?: readonly string[]): string[] {
  const all = 'ACL' in fields ? Object.keys(fields) : [...Object.keys(fields), 'ACL'];
  if (!keys || keys.length === 0) return all;
  const wanted = new Set(['objectId', ...keys]);
  return all.filter((k) => wanted.has(k));
}

/**
 * One value as CSV text, in the form the importer reads back with the class schema: Dates as
 * their ISO string, a Pointer to a known class as its objectId (the schema names the class),
 * every other object or array as JSON. Text a spreadsheet would run as a formula is written
 * with a leading apostrophe (csvSafeText), which the console's import takes off again.
 */
export function csvCell(value: unknown, field: ReportedField | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return csvSafeText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isPlainObject(value)) {
    if (value.__type === 'Date' && typeof value.iso === 'string') return value.iso;
    if (
      value.__type === 'Pointer' &&
      typeof value.objectId === 'string' &&
      field?.type === 'Pointer' &&
      field.className !== undefined &&
      value.className === field.className
    ) {
      return value.objectId;
    }
  }
  return JSON.stringify(value);
}

/** CSV text of some rows, one line each, quoted as RFC 4180 asks (csv-stringify does it). */
export function csvLines(rows: readonly (readonly string[])[]): string {
  return rows.length === 0 ? '' : stringify(rows as string[][], { eof: true });
}

export function csvRecord(
  object: Record<string, unknown>,
  columns: readonly string[],
  fields: Record<string, ReportedField>,
): string[] {
  return columns.map((c) => csvCell(object[c], fields[c]));
}
