import {
  aclSchema,
  bytesValueSchema,
  encodedTypeOf,
  geoPointValueSchema,
  isPlainObject,
  READ_ONLY_FIELDS,
} from '@switchboard/shared';
import type { FieldType, GeoPointValue } from '@switchboard/shared';
import type { GridColumn } from '../utils/columns';
import { inputToIso } from './dates';
import type { Zone } from './dates';
import { fail, ok, parseJsonText } from './json-text';
import type { Parsed } from './json-text';
import { parseNumber } from './number-text';

export { parseNumber };

/** A field the server sets itself; the grid never offers to edit it. */
export const isReadOnlyField = (key: string): boolean =>
  (READ_ONLY_FIELDS as readonly string[]).includes(key);

/** Whether a column can be written as a plain value (a Relation changes through its dialog). */
export const isEditableColumn = (col: GridColumn): boolean =>
  !isReadOnlyField(col.key) && col.type !== 'Relation';

/** The text a cell copies: strings as they are, everything else as JSON. */
export function valueToText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

export function parseBoolean(text: string): Parsed<boolean> {
  const t = text.trim().toLowerCase();
  if (t === 'true') return ok(true);
  if (t === 'false') return ok(false);
  return fail('notBoolean');
}

/** A Date from an ISO instant, a date-time input's text read in `zone`, or its JSON encoding. */
export function parseDate(text: string, zone: Zone = 'utc'): Parsed<{ __type: 'Date'; iso: string }> {
  const trimmed = text.trim();
  const json = trimmed.startsWith('{') ? parseJsonText(trimmed) : undefined;
  if (
    json?.ok &&
    isPlainObject(json.value) &&
    json.value.__type === 'Date' &&
    typeof json.value.iso === 'string'
  )
    return parseDate(json.value.iso, 'utc');
  const explicit = /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? new Date(trimmed) : undefined;
  const iso = explicit
    ? Number.isNaN(explicit.getTime())
      ? undefined
      : explicit.toISOString()
    : inputToIso(trimmed, zone);
  return iso ? ok({ __type: 'Date', iso }) : fail('notDate');
}

export function parseBytes(text: string): Parsed<{ __type: 'Bytes'; base64: string }> {
  const value = { __type: 'Bytes' as const, base64: text.replace(/\s+/g, '') };
  // Standard base64 comes in groups of four characters.
  return bytesValueSchema.safeParse(value).success && value.base64.length % 4 === 0
    ? ok(value)
    : fail('notBase64');
}

export function geoPoint(latitude: number, longitude: number): Parsed<GeoPointValue> {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) return fail('latitude');
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) return fail('longitude');
  return ok({ __type: 'GeoPoint', latitude, longitude });
}

/** "lat, lng" or the JSON encoding. */
export function parseGeoPoint(text: string): Parsed<GeoPointValue> {
  const json = parseJsonText(text);
  if (json.ok && isPlainObject(json.value)) {
    const parsed = geoPointValueSchema.safeParse(json.value);
    if (parsed.success) return ok(parsed.data);
    const { latitude, longitude } = json.value;
    return typeof latitude === 'number' && typeof longitude === 'number'
      ? geoPoint(latitude, longitude)
      : fail('notGeoPoint');
  }
  const m = /^\s*(-?[\d.]+)\s*[,;\s]\s*(-?[\d.]+)\s*$/.exec(text);
  return m ? geoPoint(Number(m[1]), Number(m[2])) : fail('notGeoPoint');
}

/** An objectId of the column's target class, or a whole pointer to that class. */
export function parsePointer(text: string, className: string | undefined) {
  const trimmed = text.trim();
  const json = trimmed.startsWith('{') ? parseJsonText(trimmed) : undefined;
  if (json) {
    const v = json.ok ? json.value : undefined;
    const fits =
      encodedTypeOf(v) === 'Pointer' &&
      isPlainObject(v) &&
      typeof v.objectId === 'string' &&
      v.objectId !== '' &&
      (className === undefined || v.className === className);
    return fits
      ? ok({ __type: 'Pointer' as const, className: String(v.className), objectId: v.objectId as string })
      : fail('notPointer');
  }
  if (!className || !/^[A-Za-z0-9_-]+$/.test(trimmed)) return fail('notPointer');
  return ok({ __type: 'Pointer' as const, className, objectId: trimmed });
}

export function parseFile(text: string) {
  const json = parseJsonText(text.trim());
  if (json.ok && encodedTypeOf(json.value) === 'File' && isPlainObject(json.value)) {
    const id = json.value.id ?? json.value.objectId;
    if (typeof id === 'string' && id !== '') return ok({ ...json.value, __type: 'File' as const, id });
  }
  return fail('notFile');
}

export function parseJsonOf(text: string, kind: 'Array' | 'Object' | 'ACL'): Parsed<unknown> {
  const json = parseJsonText(text);
  if (!json.ok) return json;
  if (kind === 'Array') return Array.isArray(json.value) ? json : fail('notArray');
  if (kind === 'ACL') return aclSchema.safeParse(json.value).success ? json : fail('notAcl');
  return isPlainObject(json.value) && encodedTypeOf(json.value) === undefined ? json : fail('notObject');
}

/**
 * Text (typed, pasted) as a value for a column of `type`. "null" stores null in any column but a
 * String one, where it is just the word. An untyped column takes JSON when it parses, else text.
 */
export function parseForColumn(
  text: string,
  type: FieldType | undefined,
  className?: string,
  zone: Zone = 'utc',
): Parsed<unknown> {
  if (type !== 'String' && text.trim() === 'null') return ok(null);
  switch (type) {
    case 'String':
      return ok(text);
    case 'Number':
      return parseNumber(text);
    case 'Boolean':
      return parseBoolean(text);
    case 'Date':
      return parseDate(text, zone);
    case 'Bytes':
      return parseBytes(text);
    case 'Pointer':
      return parsePointer(text, className);
    case 'File':
      return parseFile(text);
    case 'GeoPoint':
      return parseGeoPoint(text);
    case 'Array':
    case 'Object':
    case 'ACL':
      return parseJsonOf(text, type);
    case 'Relation':
      return fail('relation');
    case undefined: {
      const json = parseJsonText(text);
      return json.ok ? json : ok(text);
    }
  }
}
