import { encodedTypeOf, isPlainObject, LcCode, READ_ONLY_FIELDS } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { badRequest, invalidJson } from '../http/errors';
import { parseAcl } from './acl';
import { applyOp, isOp, REMOVE } from './ops';
import { applyRelationOp, isRelationOp } from './relation-ops';
import type { RelationChange } from './relation-ops';
import { keyPath, normalizeValue } from './values';

export interface WriteResult {
  data: Record<string, unknown>;
  /** undefined: unchanged; null: removed. */
  acl: Acl | null | undefined;
  /** Top-level fields the body touched, in body order. */
  changed: string[];
  relations: RelationChange[];
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

type Op = Record<string, unknown> & { __op: string };

/** The operations of one body value: a single op, or the SDK's {__op: "Batch", ops: [...]}. */
function opsOf(value: Op, key: string): Op[] {
  if (value.__op !== 'Batch') return [value];
  if (!Array.isArray(value.ops) || !value.ops.every(isOp)) {
    throw badRequest(
      LcCode.InvalidType,
      `The Batch operation on '${key}' needs an "ops" array of operations.`,
    );
  }
  return value.ops;
}

/**
 * Applies a create or update body (plain values and atomic operations) to an object's data.
 * Relation operations are collected for the caller, which writes them with the row.
 */
export function applyBody(current: Record<string, unknown>, body: unknown): WriteResult {
  if (!isPlainObject(body)) throw invalidJson();
  let data = current;
  let acl: Acl | null | undefined;
  const changed: string[] = [];
  const relations = new Map<string, RelationChange>();
  for (const [key, value] of Object.entries(body)) {
    if ((READ_ONLY_FIELDS as readonly string[]).includes(key) || key.startsWith('__')) {
      // Read-only fields are ignored like LeanCloud does; "__" keys are SDK hints (__ignore_hooks).
      if (key === '__type' || key === '__op')
        throw badRequest(LcCode.InvalidKeyName, `'${key}' is reserved and cannot be a field.`);
      continue;
    }
    if (key === 'ACL') {
      acl = isOp(value) && value.__op === 'Delete' ? null : parseAcl(value);
      continue;
    }
    const path = keyPath(key);
    const top = path[0] ?? key;
    if (!isOp(value)) {
      data = setPath(data, path, normalizeValue(value, key), key);
    } else {
      for (const op of opsOf(value, key)) {
        const now = getPath(data, path);
        if (isRelationOp(op.__op)) {
          if (path.length > 1)
            throw badRequest(LcCode.InvalidRelation, `Relations are top-level fields, not '${key}'.`);
          const change = applyRelationOp(relations.get(top), now, op as Op & { __op: 'AddRelation' }, key);
          relations.set(top, change);
          data = setPath(data, path, { __type: 'Relation', className: change.className }, key);
        } else {
          if (op.__op === 'Delete' && isPlainObject(now) && now.__type === 'Relation') {
            relations.set(top, {
              field: top,
              className: String(now.className),
              add: [],
              remove: [],
              clear: true,
            });
          }
          data = setPath(data, path, applyOp(now, op, key), key);
        }
      }
    }
    if (!changed.includes(top)) changed.push(top);
  }
  const geoFields = Object.entries(data).filter(([, v]) => encodedTypeOf(v) === 'GeoPoint');
  if (geoFields.length > 1) {
    throw badRequest(
      LcCode.InvalidType,
      `An object can have at most one GeoPoint field; this one would have ${geoFields.map(([k]) => k).join(', ')}.`,
    );
  }
  return { data, acl, changed, relations: [...relations.values()] };
}
