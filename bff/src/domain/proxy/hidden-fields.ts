import { isPlainObject, roleHas } from '@switchboard/shared';
import type { ConsoleRole } from '@switchboard/shared';
import { ConsoleError } from '../errors';
import { isSecretField } from './secrets';

/*
 * A role that may not see a field may not learn it another way either: filtering on it (a $regex
 * with count=1 is an oracle, one character at a time), sorting or scanning on it (the order, and
 * a scan cursor, carry its value), selecting it into a sub-query, or matching objects that hold it
 * by containment. So for roles without `secrets.read`, every field a query names, at any depth,
 * must be one they may see.
 */

/** Parameters that are comma-separated field paths, each maybe with a leading "-". */
const PATH_LISTS = ['order', 'sort', 'keys', 'include', 'scan_key'] as const;
/** Of those, the ones that order rows by a field's value. */
const ORDERING = new Set(['order', 'sort', 'scan_key']);
/** Operator keys whose string value names a field. */
const KEY_OPERANDS = new Set(['$select', '$dontSelect', '$relatedTo']);

/**
 * Fields whose value is an object of credentials (authData.<platform>.access_token): ordering on
 * it, or comparing it with anything but $exists, compares the secrets inside.
 */
const isCredentialContainer = (segments: string[]) => segments[0] === 'authData' && segments.length <= 2;

export class HiddenFieldError extends ConsoleError {
  constructor(role: ConsoleRole, path: string) {
    super(
      403,
      'forbidden',
      `Your role in this app (${role}) may not see the field "${path}", so it may not filter, sort, ` +
        'scan or count on it either.',
      { field: path },
    );
  }
}

const hiddenSegment = (path: string) => path.split('.').some(isSecretField);

/** The first field path in a decoded `where` that the role may not use, if any. */
function hiddenInWhere(where: unknown): string | undefined {
  // Each entry: a value, and whether it is a where clause object (field -> condition).
  const stack: [unknown, boolean][] = [[where, true]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [value, isClause] = item;
    if (Array.isArray(value)) {
      for (const v of value) stack.push([v, isClause]);
      continue;
    }
    if (!isPlainObject(value)) continue;
    for (const [key, v] of Object.entries(value)) {
      if (key.startsWith('$')) {
        if (KEY_OPERANDS.has(key) && isPlainObject(v) && typeof v.key === 'string') {
          if (hiddenSegment(v.key) || isCredentialContainer(v.key.split('.'))) return v.key;
        }
        stack.push([v, key === '$or' || key === '$and']);
        continue;
      }
      // Any other key, in a clause or inside a value (containment matches nested keys).
      if (hiddenSegment(key)) return key;
      if (isClause && isCredentialContainer(key.split('.')) && !onlyExists(v)) return key;
      // A sub-query ({className, where} of $inQuery, $select's query) holds clauses under "where".
      stack.push([v, key === 'where']);
    }
  }
  return undefined;
}

const onlyExists = (v: unknown) =>
  isPlainObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k === '$exists');

/** The first field the role may not use that a list parameter names, if any. */
function hiddenInList(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  // A batch element's params are JSON: a list may come as an array.
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(',')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  for (const raw of text.split(',')) {
    const path = raw.trim().replace(/^-/, '');
    if (hiddenSegment(path)) return path;
    if (ORDERING.has(name) && isCredentialContainer(path.split('.'))) return path;
  }
  return undefined;
}

/**
 * Checks the field references of one call's query parameters for the role, and returns the
 * parameters to forward: the `where` re-serialized from what was checked, so the app reads
 * exactly that (duplicate keys and escapes cannot make it read something else).
 */
export function guardQuery<T extends Record<string, unknown>>(role: ConsoleRole, params: T): T {
  if (roleHas(role, 'secrets.read')) return params;
  for (const name of PATH_LISTS) {
    const path = hiddenInList(name, params[name]);
    if (path !== undefined) throw new HiddenFieldError(role, path);
  }
  if (params.where === undefined) return params;
  let where: unknown = params.where;
  if (typeof where === 'string') {
    try {
      where = JSON.parse(where);
    } catch {
      throw new ConsoleError(400, 'validation_failed', 'The where parameter is not valid JSON.');
    }
  }
  const path = hiddenInWhere(where);
  if (path !== undefined) throw new HiddenFieldError(role, path);
  return typeof params.where === 'string' ? { ...params, where: JSON.stringify(where) } : params;
}
