import { encodedTypeOf, isPlainObject } from '@switchboard/shared';
import type { StoredObject } from '@switchboard/shared';
import type { BatchRequest } from './conditional';

const SERVER_FIELDS = new Set(['objectId', 'createdAt', 'updatedAt']);

/**
 * A new object's body with a row's data: without the fields the server sets, and without
 * relations (a relation is a link table of the original, not a value that can be written).
 */
export function cloneBody(row: StoredObject): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).filter(
      ([key, value]) => !SERVER_FIELDS.has(key) && encodedTypeOf(value) !== 'Relation',
    ),
  );
}

export const createRequest = (className: string, body: Record<string, unknown>): BatchRequest => ({
  method: 'POST',
  path: `/1.1/classes/${encodeURIComponent(className)}`,
  body,
});

/** The fields of a new object that were given a value ("not set" ones are left out). */
export function newObjectBody(values: ReadonlyMap<string, unknown>): Record<string, unknown> {
  return Object.fromEntries([...values].filter(([, v]) => v !== undefined));
}

/** The URL's `where` as an object; anything else (missing, not JSON, not an object) is no filter. */
export function readWhereParam(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
