import {
  encodedTypeOf,
  encodedValueSchemas,
  isPlainObject,
  isValidKeyName,
  LcCode,
} from '@switchboard/shared';
import { badRequest } from '../http/errors';

/** Canonical timestamp form of the API: YYYY-MM-DDTHH:MM:SS.MMMZ. */
export function isoMs(d: Date): string {
  return d.toISOString();
}

/** Accepts any ISO 8601 instant and returns it in the API's canonical millisecond form. */
export function normalizeIso(iso: unknown, field: string): string {
  const t = typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : NaN;
  // Years 1 to 9999: the canonical form has four digits, and Postgres has no year 0.
  const year = new Date(t).getUTCFullYear();
  if (Number.isNaN(t) || year < 1 || year > 9999) {
    throw badRequest(
      LcCode.InvalidType,
      `Invalid Date value for field '${field}': iso must be an ISO 8601 timestamp between the years 1 and 9999.`,
    );
  }
  return new Date(t).toISOString();
}

export const invalidKey = (key: string) =>
  badRequest(
    LcCode.InvalidKeyName,
    `Invalid key name. Keys are case-sensitive and 'a-zA-Z0-9_' are the only valid characters. The column is: '${key}'.`,
  );

function encodedValue(value: Record<string, unknown>, field: string): unknown {
  const type = encodedTypeOf(value);
  // The SDK sends a saved AV.File whole (name, url, metaData, objectId) and without `id`.
  const v = type === 'File' && value.id === undefined ? { ...value, id: value.objectId } : value;
  if (!type)
    throw badRequest(LcCode.InvalidType, `Unknown __type ${JSON.stringify(v.__type)} in field '${field}'.`);
  if (type === 'Relation') {
    throw badRequest(
      LcCode.InvalidType,
      `Field '${field}': a Relation is changed with the AddRelation and RemoveRelation operations, not set.`,
    );
  }
  const parsed = encodedValueSchemas[type].safeParse(v);
  if (!parsed.success) {
    const why = parsed.error.issues[0]?.message ?? 'malformed value';
    throw badRequest(
      type === 'Pointer' ? LcCode.InvalidPointer : LcCode.InvalidType,
      `Invalid ${type} in field '${field}': ${why}.`,
    );
  }
  switch (type) {
    case 'Date':
      return { __type: 'Date', iso: normalizeIso(v.iso, field) };
    case 'Pointer':
      return { __type: 'Pointer', className: v.className, objectId: v.objectId };
    case 'File':
      return { __type: 'File', id: v.id };
    case 'GeoPoint':
      return { __type: 'GeoPoint', latitude: v.latitude, longitude: v.longitude };
    default:
      return parsed.data;
  }
}

/**
 * Validates a value a client wants stored and returns its stored form (encoded types trimmed to
 * their members, dates in canonical form). Nested object keys may not contain '$' or '.'.
 */
export function normalizeValue(v: unknown, field: string): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v))
      throw badRequest(LcCode.InvalidType, `Field '${field}' must be a finite number.`);
    return v;
  }
  if (Array.isArray(v)) return v.map((item) => normalizeValue(item, field));
  if (isPlainObject(v)) {
    if ('__type' in v) return encodedValue(v, field);
    if ('__op' in v)
      throw badRequest(
        LcCode.InvalidType,
        `Field '${field}': operations are only allowed on top-level fields.`,
      );
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v)) {
      if (k.includes('$') || k.includes('.')) {
        throw badRequest(
          LcCode.InvalidNestedKey,
          `Keys in object values may not include '$' or '.': '${field}.${k}'.`,
        );
      }
      out[k] = normalizeValue(item, `${field}.${k}`);
    }
    return out;
  }
  throw badRequest(LcCode.InvalidType, `Field '${field}' has a value JSON cannot carry.`);
}

/** Splits a (possibly dotted) body key into validated path segments. */
export function keyPath(key: string): string[] {
  const path = key.split('.');
  const [head = '', ...rest] = path;
  if (!isValidKeyName(head) || !rest.every((seg) => /^[A-Za-z0-9_]+$/.test(seg))) throw invalidKey(key);
  return path;
}
