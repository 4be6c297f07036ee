import { encodedTypeOf, isPlainObject, LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { normalizeIso } from '../services/values';
import { jsonExpr, sortExpr, textExpr } from './fields';
import type { FieldRef } from './fields';
import type { Params } from './params';

/** Comparisons on values: equality, ranges, membership, existence, arrays and regular expressions. */

const sqlLit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** {a: {b: value}} for containment on the path a.b. */
function nest(path: string[], value: unknown): unknown {
  return path.reduceRight<unknown>((acc, seg) => ({ [seg]: acc }), value);
}

export function normalizeOperand(v: unknown, field: string): unknown {
  if (isPlainObject(v) && encodedTypeOf(v) === 'Date')
    return { __type: 'Date', iso: normalizeIso(v.iso, field) };
  if (isPlainObject(v) && encodedTypeOf(v) === 'Pointer') {
    return { __type: 'Pointer', className: v.className, objectId: v.objectId };
  }
  return v;
}

function timeOperand(v: unknown, field: string): string {
  if (isPlainObject(v) && v.__type === 'Date') return normalizeIso(v.iso, field);
  if (typeof v === 'string') return normalizeIso(v, field);
  throw badRequest(LcCode.InvalidParameter, `${field} must be compared with a Date or an ISO 8601 string.`);
}

/** The value a typed field's sort expression compares with, when the operand has the field's type. */
function typedOperand(ref: FieldRef, v: unknown): string | number | boolean | undefined {
  if (ref.kind !== 'json') return undefined;
  if (ref.type === 'String' && typeof v === 'string') return v;
  if (ref.type === 'Date' && isPlainObject(v) && v.__type === 'Date') return String(v.iso);
  if (ref.type === 'Pointer' && isPlainObject(v) && v.__type === 'Pointer') return String(v.objectId);
  return undefined;
}

/** What the class's indexes and schema say about a field, for writing an equality on it. */
export interface IndexFacts {
  /** The field leads a btree index (built on its sortExpr). */
  leads: boolean;
}

export function equals(ref: FieldRef, field: string, raw: unknown, p: Params, index?: IndexFacts): string {
  const v = normalizeOperand(raw, field);
  if (ref.kind === 'id') return typeof v === 'string' ? `id = ${p.add(v)}` : 'FALSE';
  if (ref.kind === 'time') return `${ref.column} = ${p.add(timeOperand(v, field))}::timestamptz`;
  const expr = jsonExpr(ref.path);
  if (v === null || v === undefined) return `(${expr} IS NULL OR ${expr} = 'null'::jsonb)`;
  if (Array.isArray(v) || (isPlainObject(v) && !encodedTypeOf(v))) return `${expr} = ${p.json(v)}`;
  // Every branch adds only the parameters it uses: an unused one makes the statement invalid.
  if (ref.type === 'Array') return `data @> ${p.json(nest(ref.path, [v]))}`;
  const contains = () => `data @> ${p.json(nest(ref.path, v))}`;
  // Typed field and operand of its type: containment for the GIN index, the typed expression for
  // a btree index on the field; the planner picks whichever exists.
  // When a btree index leads with the field, its expression alone: the schema guarantees the
  // field holds values of its type, so it selects what containment does, and the planner estimates
  // it from the index's statistics instead of multiplying two selectivities it takes as
  // independent (which made it combine the GIN and the btree scan on every request). A Pointer
  // index holds the objectId only, and a Pointer field may point to several classes, so the
  // class is checked on the rows the index finds.
  const typed = typedOperand(ref, v);
  const alone = index?.leads === true;
  if (typed !== undefined) {
    if (!alone) return `(${contains()} AND ${sortExpr(ref)} = ${p.add(typed)})`;
    const byIndex = `${sortExpr(ref)} = ${p.add(typed)}`;
    return ref.type === 'Pointer' && isPlainObject(v)
      ? `(${byIndex} AND ${jsonExpr(ref.path)}->>'className' = ${p.add(v.className)})`
      : byIndex;
  }
  if (
    (ref.type === 'Number' && typeof v === 'number') ||
    (ref.type === 'Boolean' && typeof v === 'boolean')
  ) {
    return alone ? `${sortExpr(ref)} = ${p.json(v)}` : `(${contains()} AND ${sortExpr(ref)} = ${p.json(v)})`;
  }
  // Unknown type (or a nested path): the value itself, or an element of an array field.
  return `(${contains()} OR data @> ${p.json(nest(ref.path, [v]))})`;
}

const CMP = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

export function compare(ref: FieldRef, field: string, op: keyof typeof CMP, raw: unknown, p: Params): string {
  const sym = CMP[op];
  const v = normalizeOperand(raw, field);
  if (ref.kind === 'time') return `${ref.column} ${sym} ${p.add(timeOperand(v, field))}::timestamptz`;
  if (ref.kind === 'id') {
    if (typeof v !== 'string')
      throw badRequest(LcCode.InvalidParameter, `objectId must be compared with a string.`);
    return `id ${sym} ${p.add(v)}`;
  }
  const kind = operandKind(v);
  if (!kind) {
    throw badRequest(
      LcCode.InvalidParameter,
      `$${op} on '${field}' needs a number, a string, a boolean or a Date.`,
    );
  }
  const value =
    kind === 'String' || kind === 'Date'
      ? p.add(kind === 'Date' ? (v as { iso: string }).iso : v)
      : p.json(v);
  // The schema guarantees the field holds the operand's type: compare on its sort expression
  // alone, which is what its index is built on and what the planner estimates well.
  if (ref.type === kind) return `${sortExpr(ref)} ${sym} ${value}`;
  const expr = jsonExpr(ref.path);
  if (kind === 'Date')
    return `(${expr}->>'__type' = 'Date' AND (${expr}->>'iso') COLLATE "C" ${sym} ${value})`;
  const lhs = kind === 'String' ? `${textExpr(ref.path)} COLLATE "C"` : expr;
  return `(jsonb_typeof(${expr}) = ${sqlLit(kind.toLowerCase())} AND ${lhs} ${sym} ${value})`;
}

/** The schema type a range operand has, if ranges can compare it. */
function operandKind(v: unknown): 'Number' | 'Boolean' | 'String' | 'Date' | undefined {
  if (typeof v === 'number') return 'Number';
  if (typeof v === 'boolean') return 'Boolean';
  if (typeof v === 'string') return 'String';
  if (isPlainObject(v) && v.__type === 'Date' && typeof v.iso === 'string') return 'Date';
  return undefined;
}

export function exists(ref: FieldRef, want: boolean, p: Params): string {
  if (ref.kind !== 'json') return want ? 'TRUE' : 'FALSE';
  const has = ref.path.length === 1 ? `data ? ${p.add(ref.path[0])}` : `${jsonExpr(ref.path)} IS NOT NULL`;
  return want ? has : `NOT (${has})`;
}

export function containsAll(ref: FieldRef, field: string, values: unknown[], p: Params): string {
  if (ref.kind !== 'json')
    throw badRequest(LcCode.InvalidParameter, `$all needs an array field, not '${field}'.`);
  const normalized = values.map((v) => normalizeOperand(v, field));
  return `(jsonb_typeof(${jsonExpr(ref.path)}) = 'array' AND data @> ${p.json(nest(ref.path, normalized))})`;
}

export function sizeIs(ref: FieldRef, size: number, p: Params): string {
  if (ref.kind !== 'json') return 'FALSE';
  const expr = jsonExpr(ref.path);
  return `(jsonb_typeof(${expr}) = 'array' AND jsonb_array_length(${expr}) = ${p.add(size)})`;
}

export function regexFlags(options: string): string {
  const m = options.includes('m');
  const s = options.includes('s');
  // Postgres embedded options reproduce PCRE's: p = neither, n = m only, s = s only, w = both.
  const newline = m && s ? 'w' : m ? 'n' : s ? 's' : 'p';
  return `(?${newline}${options.includes('i') ? 'i' : ''}${options.includes('x') ? 'x' : ''})`;
}

/**
 * PCRE's \Q...\E quoting (the SDKs wrap startsWith/contains text in it) has no Postgres form:
 * the quoted text becomes escaped literal characters.
 */
export function unquotePcre(pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] ?? '';
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    if (pattern[i + 1] !== 'Q') {
      // Any other escape (\\, \d, ...) passes through whole, so "\\Q" is a backslash and a Q.
      out += pattern.slice(i, i + 2);
      i += 2;
      continue;
    }
    const end = pattern.indexOf('\\E', i + 2);
    const literal = pattern.slice(i + 2, end < 0 ? pattern.length : end);
    out += literal.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
    i = end < 0 ? pattern.length : end + 2;
  }
  return out;
}
