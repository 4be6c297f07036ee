import { asFieldType, READ_ONLY_FIELDS } from '@switchboard/shared';
import type { FieldType, ReportedField } from '@switchboard/shared';
import { parseForColumn } from '../../editing/codec';
import type { ParseError } from '../../editing/json-text';

/** Where a file column goes: a field of the class (existing or new), or nowhere. */
export type ColumnTarget = { field: string } | null;
export type ColumnMapping = Record<string, ColumnTarget>;

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A column maps to the field of its own name when that name can be a field; objectId is the key. */
export function defaultMapping(columns: readonly string[]): ColumnMapping {
  return Object.fromEntries(
    columns.map((c) => [
      c,
      c === 'objectId' || (FIELD_NAME.test(c) && !(READ_ONLY_FIELDS as readonly string[]).includes(c))
        ? { field: c }
        : null,
    ]),
  );
}

export interface CellError {
  column: string;
  error: ParseError;
}

/** One file row ready to write: the body to send, and its objectId when it names one. */
export interface PreparedRow {
  /** 1-based, as a person counts the file's data rows. */
  row: number;
  objectId?: string | undefined;
  body: Record<string, unknown>;
  errors: CellError[];
}

/**
 * A file value as a value for a field of `type`. Text (all of CSV, and strings in JSON) is read
 * as the grid reads typed input; an empty CSV cell leaves the field out. Other JSON values are
 * sent as they are: the API checks them as it checks any write.
 */
export function coerceValue(
  value: unknown,
  field: ReportedField | undefined,
): { ok: true; value: unknown } | { ok: false; error: ParseError } | { ok: true; skip: true } {
  if (value === undefined || value === '') return { ok: true, skip: true };
  if (typeof value !== 'string') return { ok: true, value };
  const type: FieldType | undefined = asFieldType(field?.type);
  const parsed = parseForColumn(value, type, field?.className);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, error: parsed.error };
}

/**
 * Every object has an ACL (Doc 1), but not every app's schema reports it: an ACL column is read
 * as an ACL either way, so an exported file restores what it exported and a wrong one is named.
 */
const fieldOf = (fields: Record<string, ReportedField>, name: string): ReportedField | undefined =>
  fields[name] ?? (name === 'ACL' ? { type: 'ACL' } : undefined);

/** A row of the file as the body of a create or update, with the cells that do not fit. */
export function prepareRow(
  raw: Record<string, unknown>,
  index: number,
  mapping: ColumnMapping,
  fields: Record<string, ReportedField>,
): PreparedRow {
  const out: PreparedRow = { row: index + 1, body: {}, errors: [] };
  for (const [column, target] of Object.entries(mapping)) {
    if (!target) continue;
    const value = raw[column];
    if (target.field === 'objectId') {
      if (typeof value === 'string' && value.trim() !== '') out.objectId = value.trim();
      continue;
    }
    const coerced = coerceValue(value, fieldOf(fields, target.field));
    if (!coerced.ok) out.errors.push({ column, error: coerced.error });
    else if (!('skip' in coerced)) out.body[target.field] = coerced.value;
  }
  return out;
}

export const prepareRows = (
  rows: readonly Record<string, unknown>[],
  mapping: ColumnMapping,
  fields: Record<string, ReportedField>,
): PreparedRow[] => rows.map((r, i) => prepareRow(r, i, mapping, fields));
