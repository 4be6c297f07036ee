/**
 * A small in-memory evaluator of the Doc 1 query language ("Query (GET class)" and "Where
 * operators"), written independently of the server's SQL translation so that a property test can
 * compare the two. It covers the operators the property test generates: equality, $ne, $lt, $lte,
 * $gt, $gte, $in, $nin, $exists, $all, $size, $regex (options i, m, s), $or, $and, dotted paths,
 * and objectId / createdAt / updatedAt; plus order, skip, limit and count.
 *
 * Semantics (Doc 1, made precise where it is silent):
 * - Equality with a scalar or an encoded value (Date, Pointer): the field equals it, or the field is
 *   an array with an element equal to it ("An array field compared to a plain value matches when
 *   the array contains it"). Numbers compare numerically, Dates by instant, Pointers by class and id.
 * - Equality with null: the field is missing or null. With an array or a plain object: deep equality
 *   (object key order is irrelevant).
 * - $ne / $nin are the negations of equality / $in, so a missing field matches them.
 * - Ranges match only values of the operand's own type: numbers, strings (code point order),
 *   booleans (false < true), Dates (by instant). Missing, null, arrays and other types never match.
 * - $exists: the key is present (a null value counts as present).
 * - $all: an array containing every listed value; $size: an array of that length.
 * - $regex: only string values match; JavaScript semantics with the i, m and s flags.
 * - order: keys in turn, "-" for descending; missing and null sort first ascending and last
 *   descending (they are equal to each other); ties and the default order are objectId ascending,
 *   except after a descending createdAt / updatedAt last key: objectId descending (an index order).
 *   Then skip, then limit (default 100). count is the number of matches, before skip and limit.
 */

/** One stored object as the model sees it: what the client sent plus what the server assigned. */
export interface ModelObject {
  objectId: string;
  createdAt: string;
  updatedAt?: string;
  data: Record<string, unknown>;
}

export interface ModelQuery {
  where?: unknown;
  order?: string;
  limit?: number;
  skip?: number;
}

export interface ModelResult {
  /** objectIds of the page, in order. */
  ids: string[];
  /** Number of matches regardless of skip and limit. */
  count: number;
}

export class ModelError extends Error {
  override name = 'ModelError';
}

const DEFAULT_LIMIT = 100;

type Dict = Record<string, unknown>;

function isDict(v: unknown): v is Dict {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isDate(v: unknown): v is { __type: 'Date'; iso: string } {
  return isDict(v) && v.__type === 'Date' && typeof v.iso === 'string';
}

function isPointer(v: unknown): v is { __type: 'Pointer'; className: string; objectId: string } {
  return isDict(v) && v.__type === 'Pointer';
}

function timeOf(v: { iso: string }): number {
  const t = Date.parse(v.iso);
  if (Number.isNaN(t)) throw new ModelError(`invalid Date iso ${JSON.stringify(v.iso)}`);
  return t;
}

/** Compares strings by Unicode code point (not UTF-16 unit, not locale). */
export function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0) ?? 0;
    const cy = y.value.codePointAt(0) ?? 0;
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

/** Value equality: numbers numerically, Dates by instant, Pointers by target, objects regardless of key order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a === 'number' || typeof a === 'string' || typeof a === 'boolean') return a === b;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  }
  if (isDate(a) || isDate(b)) return isDate(a) && isDate(b) && timeOf(a) === timeOf(b);
  if (isPointer(a) || isPointer(b)) {
    return isPointer(a) && isPointer(b) && a.className === b.className && a.objectId === b.objectId;
  }
  if (isDict(a) && isDict(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameValue(a[k], b[k]));
  }
  return false;
}

interface Lookup {
  present: boolean;
  value: unknown;
}

const ABSENT: Lookup = { present: false, value: undefined };

/** The value of a (possibly dotted) field; objectId, createdAt and updatedAt are built in. */
export function lookup(obj: ModelObject, field: string): Lookup {
  if (field === 'objectId') return { present: true, value: obj.objectId };
  if (field === 'createdAt') return { present: true, value: { __type: 'Date', iso: obj.createdAt } };
  if (field === 'updatedAt') {
    return { present: true, value: { __type: 'Date', iso: obj.updatedAt ?? obj.createdAt } };
  }
  let cur: unknown = obj.data;
  for (const seg of field.split('.')) {
    if (!isDict(cur) || typeof cur.__type === 'string' || !(seg in cur)) return ABSENT;
    cur = cur[seg];
  }
  return { present: true, value: cur };
}

function equalsCondition(f: Lookup, operand: unknown): boolean {
  if (operand === null) return !f.present || f.value === null;
  if (!f.present) return false;
  if (Array.isArray(operand)) return Array.isArray(f.value) && sameValue(f.value, operand);
  if (isDict(operand) && !isDate(operand) && !isPointer(operand)) return sameValue(f.value, operand);
  if (sameValue(f.value, operand)) return true;
  return Array.isArray(f.value) && f.value.some((e) => sameValue(e, operand));
}

type RangeOp = '$lt' | '$lte' | '$gt' | '$gte';

/** Ordering of two values of one comparable type, or undefined when the types differ. */
function compareSameType(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (isDate(a) && isDate(b)) return Math.sign(timeOf(a) - timeOf(b));
  return undefined;
}

function rangeCondition(f: Lookup, op: RangeOp, operand: unknown): boolean {
  const ok =
    typeof operand === 'number' ||
    typeof operand === 'string' ||
    typeof operand === 'boolean' ||
    isDate(operand);
  if (!ok) throw new ModelError(`${op} needs a number, a string, a boolean or a Date`);
  if (!f.present) return false;
  const c = compareSameType(f.value, operand);
  if (c === undefined) return false;
  switch (op) {
    case '$lt':
      return c < 0;
    case '$lte':
      return c <= 0;
    case '$gt':
      return c > 0;
    case '$gte':
      return c >= 0;
  }
}

function regexOf(pattern: unknown, options: unknown): RegExp {
  if (typeof pattern !== 'string') throw new ModelError('$regex needs a string');
  const opts = options ?? '';
  if (typeof opts !== 'string' || !/^[ims]*$/.test(opts)) {
    throw new ModelError(`the model supports only the $options i, m and s, not ${JSON.stringify(opts)}`);
  }
  return new RegExp(pattern, `u${[...new Set(opts)].join('')}`);
}

function arrayOperand(op: string, v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new ModelError(`${op} needs an array`);
  return v;
}

function operatorCondition(f: Lookup, ops: Dict): boolean {
  for (const [op, operand] of Object.entries(ops)) {
    let ok: boolean;
    switch (op) {
      case '$ne':
        ok = !equalsCondition(f, operand);
        break;
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte':
        ok = rangeCondition(f, op, operand);
        break;
      case '$in':
        ok = arrayOperand(op, operand).some((v) => equalsCondition(f, v));
        break;
      case '$nin':
        ok = !arrayOperand(op, operand).some((v) => equalsCondition(f, v));
        break;
      case '$exists':
        if (typeof operand !== 'boolean') throw new ModelError('$exists needs true or false');
        ok = f.present === operand;
        break;
      case '$all': {
        const values = arrayOperand(op, operand);
        const arr = f.value;
        ok = Array.isArray(arr) && values.every((v) => arr.some((e) => sameValue(e, v)));
        break;
      }
      case '$size':
        if (typeof operand !== 'number' || !Number.isInteger(operand) || operand < 0) {
          throw new ModelError('$size needs a non-negative integer');
        }
        ok = Array.isArray(f.value) && f.value.length === operand;
        break;
      case '$regex':
        ok = typeof f.value === 'string' && regexOf(operand, ops.$options).test(f.value);
        break;
      case '$options':
        if (!('$regex' in ops)) throw new ModelError('$options needs $regex');
        ok = true;
        break;
      default:
        throw new ModelError(`the model does not implement ${op}`);
    }
    if (!ok) return false;
  }
  return true;
}

/** A non-empty object whose keys all start with "$" holds operators; anything else is an equality operand. */
function isOperatorObject(v: unknown): v is Dict {
  if (!isDict(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

function branches(op: string, v: unknown): unknown[] {
  if (!Array.isArray(v) || v.length === 0) throw new ModelError(`${op} needs a non-empty array`);
  return v;
}

/** Whether an object matches a decoded `where` object. */
export function matchesWhere(obj: ModelObject, where: unknown): boolean {
  if (!isDict(where)) throw new ModelError('where must be a JSON object');
  for (const [key, value] of Object.entries(where)) {
    let ok: boolean;
    if (key === '$or') ok = branches(key, value).some((w) => matchesWhere(obj, w));
    else if (key === '$and') ok = branches(key, value).every((w) => matchesWhere(obj, w));
    else if (key.startsWith('$')) throw new ModelError(`the model does not implement ${key}`);
    else {
      const f = lookup(obj, key);
      ok = isOperatorObject(value) ? operatorCondition(f, value) : equalsCondition(f, value);
    }
    if (!ok) return false;
  }
  return true;
}

export interface OrderKey {
  field: string;
  desc: boolean;
}

export function parseOrder(order: string | undefined): OrderKey[] {
  return (order ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? { field: s.slice(1), desc: true } : { field: s, desc: false }));
}

/**
 * Rank of a value's type when one order key meets values of several types (the property test
 * keeps one type per field, so only "nothing" against a value matters there).
 */
function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return 1;
  if (typeof v === 'string') return 2;
  if (Array.isArray(v)) return 4;
  if (typeof v === 'boolean') return 5;
  if (isDate(v)) return 6;
  return 3;
}

/** Ascending comparison of two values of one order key (missing and null first, equal to each other). */
export function compareForOrder(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return 0;
  const c = compareSameType(a, b);
  if (c !== undefined) return c;
  // Arrays and objects: by their JSON text, only so that the order is total.
  return compareCodePoints(JSON.stringify(a), JSON.stringify(b));
}

/** The comparator of an `order` parameter, objectId breaking ties (see the rules above). */
export function comparator(order: string | undefined): (a: ModelObject, b: ModelObject) => number {
  const keys = parseOrder(order);
  const last = keys.at(-1);
  const tieDesc = last !== undefined && last.desc && ['createdAt', 'updatedAt'].includes(last.field);
  return (a, b) => {
    for (const k of keys) {
      const c = compareForOrder(lookup(a, k.field).value, lookup(b, k.field).value);
      if (c !== 0) return k.desc ? -c : c;
    }
    const c = compareCodePoints(a.objectId, b.objectId);
    return tieDesc ? -c : c;
  };
}

/** Runs a query: filter, sort, skip, limit; count is taken before skip and limit. */
export function runQuery(objects: readonly ModelObject[], q: ModelQuery = {}): ModelResult {
  const matched = objects.filter((o) => q.where === undefined || matchesWhere(o, q.where));
  const sorted = [...matched].sort(comparator(q.order));
  const skip = q.skip ?? 0;
  const limit = q.limit ?? DEFAULT_LIMIT;
  return { ids: sorted.slice(skip, skip + limit).map((o) => o.objectId), count: matched.length };
}
