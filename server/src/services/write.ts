import { encodedTypeOf, isPlainObject, LcCode, READ_ONLY_FIELDS } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { badRequest, invalidJson } from '../http/errors';
import { parseAcl } from './acl';
import { applyOp, isOp, REMOVE } from './ops';
import { keyPath, normalizeValue } from './values';

export interface WriteResult {
  data: Record<string, unknown>;
  /** undefined: unchanged; null: removed. */
  acl: Acl | null | undefined;
  /** Top-level fields the body touched, in body order. */
  changed: string[];
}

function getPath(obj: Record<string, unknown>, path: string[]): unknown {
  let cur: unknown = obj;
  for (const seg of path) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[seg];
  }
  return cur;
}

/** Sets or removes a nested value, copying the objects along the path (the input is not mutated). */
function setPath(
  obj: Record<string, unknown>,
  path: string[],
  value: unknown,
  key: string,
): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return obj;
  const out = { ...obj };
  if (rest.length === 0) {
    if (value === REMOVE) delete out[head];
    else out[head] = value;
    return out;
  }
  const child = out[head];
  if (child !== undefined && child !== null && (!isPlainObject(child) || encodedTypeOf(child))) {
    throw badRequest(LcCode.InvalidType, `Cannot set '${key}': '${head}' does not hold an object.`);
  }
  if (value === REMOVE && (child === undefined || child === null)) return out;
  out[head] = setPath((child as Record<string, unknown> | undefined) ?? {}, rest, value, key);
  return out;
}

/** Applies a create or update body (plain values and atomic operations) to an object's data. */
export function applyBody(current: Record<string, unknown>, body: unknown): WriteResult {
  if (!isPlainObject(body)) throw invalidJson();
  let data = current;
  let acl: Acl | null | undefined;
  const changed: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if ((READ_ONLY_FIELDS as readonly string[]).includes(key)) continue;
    if (key === 'ACL') {
      acl = isOp(value) && value.__op === 'Delete' ? null : parseAcl(value);
      continue;
    }
    if (key === '__type' || key === '__op')
      throw badRequest(LcCode.InvalidKeyName, `'${key}' is reserved and cannot be a field.`);
    const path = keyPath(key);
    const next = isOp(value) ? applyOp(getPath(data, path), value, key) : normalizeValue(value, key);
    data = setPath(data, path, next, key);
    if (!changed.includes(path[0] ?? key)) changed.push(path[0] ?? key);
  }
  const geoFields = Object.entries(data).filter(([, v]) => encodedTypeOf(v) === 'GeoPoint');
  if (geoFields.length > 1) {
    throw badRequest(
      LcCode.InvalidType,
      `An object can have at most one GeoPoint field; this one would have ${geoFields.map(([k]) => k).join(', ')}.`,
    );
  }
  return { data, acl, changed };
}
