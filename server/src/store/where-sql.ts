import { encodedTypeOf, isPlainObject, LcCode } from '@switchboard/shared';
import type { Clause, Condition, Where } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { normalizeIso } from '../services/values';
import type { Params } from './params';

/**
 * Translates a parsed `where` into a SQL condition over a class table
 * (id, created_at, updated_at, acl, data jsonb). Equality is written as jsonb containment so the
 * GIN index on `data` serves it; everything else is typed so that values of another JSON type
 * never match by accident.
 */

type Ref =
  { kind: 'id' } | { kind: 'time'; column: 'created_at' | 'updated_at' } | { kind: 'json'; path: string[] };

const sqlLit = (s: string) => `'${s.replace(/'/g, "''")}'`;

function refOf(field: string): Ref {
  if (field === 'objectId') return { kind: 'id' };
  if (field === 'createdAt') return { kind: 'time', column: 'created_at' };
  if (field === 'updatedAt') return { kind: 'time', column: 'updated_at' };
  return { kind: 'json', path: field.split('.') };
}

/** jsonb expression of a data path; literals inline so expression indexes can match. */
export function jsonExpr(path: string[]): string {
  return `data${path.map((seg) => `->${sqlLit(seg)}`).join('')}`;
}

function textExpr(path: string[]): string {
  return path.length === 1
    ? `(data->>${sqlLit(path[0] ?? '')})`
    : `(data#>>${sqlLit(`{${path.join(',')}}`)})`;
}

/** {a: {b: value}} for containment on path a.b. */
function nest(path: string[], value: unknown): unknown {
  return path.reduceRight<unknown>((acc, seg) => ({ [seg]: acc }), value);
}

function normalizeOperand(v: unknown, field: string): unknown {
  if (encodedTypeOf(v) === 'Date' && isPlainObject(v))
    return { __type: 'Date', iso: normalizeIso(v.iso, field) };
  if (encodedTypeOf(v) === 'Pointer' && isPlainObject(v)) {
    return { __type: 'Pointer', className: v.className, objectId: v.objectId };
  }
  return v;
}

function timeOperand(v: unknown, field: string): string {
  if (isPlainObject(v) && v.__type === 'Date') return normalizeIso(v.iso, field);
  if (typeof v === 'string') return normalizeIso(v, field);
  throw badRequest(LcCode.InvalidParameter, `${field} must be compared with a Date or an ISO 8601 string.`);
}

function equals(ref: Ref, field: string, raw: unknown, p: Params): string {
  const v = normalizeOperand(raw, field);
  if (ref.kind === 'id') return typeof v === 'string' ? `id = ${p.add(v)}` : 'FALSE';
  if (ref.kind === 'time') return `${ref.column} = ${p.add(timeOperand(v, field))}::timestamptz`;
  const expr = jsonExpr(ref.path);
  if (v === null) return `(${expr} IS NULL OR ${expr} = 'null'::jsonb)`;
  if (Array.isArray(v)) return `${expr} = ${p.json(v)}`;
  if (isPlainObject(v) && !encodedTypeOf(v)) return `${expr} = ${p.json(v)}`;
  // A scalar or an encoded value equals the field, or is an element of an array field.
  return `(data @> ${p.json(nest(ref.path, v))} OR data @> ${p.json(nest(ref.path, [v]))})`;
}

const CMP = { lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

function compare(ref: Ref, field: string, op: keyof typeof CMP, raw: unknown, p: Params): string {
  const sym = CMP[op];
  const v = normalizeOperand(raw, field);
  if (ref.kind === 'time') return `${ref.column} ${sym} ${p.add(timeOperand(v, field))}::timestamptz`;
  if (ref.kind === 'id') {
    if (typeof v !== 'string')
      throw badRequest(LcCode.InvalidParameter, `objectId must be compared with a string.`);
    return `id ${sym} ${p.add(v)}`;
  }
  const expr = jsonExpr(ref.path);
  if (typeof v === 'number' || typeof v === 'boolean') {
    return `(jsonb_typeof(${expr}) = ${sqlLit(typeof v)} AND ${expr} ${sym} ${p.json(v)})`;
  }
  if (typeof v === 'string') {
    return `(jsonb_typeof(${expr}) = 'string' AND ${textExpr(ref.path)} COLLATE "C" ${sym} ${p.add(v)})`;
  }
  if (isPlainObject(v) && v.__type === 'Date') {
    return `(${expr}->>'__type' = 'Date' AND (${expr}->>'iso') COLLATE "C" ${sym} ${p.add(v.iso)})`;
  }
  throw badRequest(
    LcCode.InvalidParameter,
    `$${op} on '${field}' needs a number, a string, a boolean or a Date.`,
  );
}

const notTrue = (cond: string) => `(${cond}) IS NOT TRUE`;

function regexFlags(options: string): string {
  const m = options.includes('m');
  const s = options.includes('s');
  // Postgres embedded options reproduce PCRE's: p = neither, n = m only, s = s only, w = both.
  const newline = m && s ? 'w' : m ? 'n' : s ? 's' : 'p';
  return `(?${newline}${options.includes('i') ? 'i' : ''}${options.includes('x') ? 'x' : ''})`;
}

function condition(field: string, c: Condition, p: Params): string {
  const ref = refOf(field);
  switch (c.op) {
    case 'eq':
      return equals(ref, field, c.value, p);
    case 'ne':
      return notTrue(equals(ref, field, c.value, p));
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      return compare(ref, field, c.op, c.value, p);
    case 'in':
      return c.values.length ? `(${c.values.map((v) => equals(ref, field, v, p)).join(' OR ')})` : 'FALSE';
    case 'nin':
      return c.values.length ? notTrue(c.values.map((v) => equals(ref, field, v, p)).join(' OR ')) : 'TRUE';
    case 'exists': {
      if (ref.kind !== 'json') return c.exists ? 'TRUE' : 'FALSE';
      const has =
        ref.path.length === 1 ? `data ? ${p.add(ref.path[0])}` : `${jsonExpr(ref.path)} IS NOT NULL`;
      return c.exists ? has : `NOT (${has})`;
    }
    case 'all': {
      if (ref.kind !== 'json')
        throw badRequest(LcCode.InvalidParameter, `$all needs an array field, not '${field}'.`);
      const values = c.values.map((v) => normalizeOperand(v, field));
      return `(jsonb_typeof(${jsonExpr(ref.path)}) = 'array' AND data @> ${p.json(nest(ref.path, values))})`;
    }
    case 'size': {
      if (ref.kind !== 'json') return 'FALSE';
      const expr = jsonExpr(ref.path);
      return `(jsonb_typeof(${expr}) = 'array' AND jsonb_array_length(${expr}) = ${p.add(c.size)})`;
    }
    case 'regex': {
      const pattern = regexFlags(c.options) + c.pattern;
      if (ref.kind === 'id') return `id ~ ${p.add(pattern)}`;
      if (ref.kind === 'time')
        throw badRequest(LcCode.InvalidParameter, `$regex cannot be applied to ${field}.`);
      return `(jsonb_typeof(${jsonExpr(ref.path)}) = 'string' AND ${textExpr(ref.path)} ~ ${p.add(pattern)})`;
    }
    default:
      throw badRequest(LcCode.InvalidParameter, `The ${c.op} operator is not supported by this server yet.`);
  }
}

function clause(c: Clause, p: Params): string {
  switch (c.type) {
    case 'field':
      return c.conditions.map((cond) => condition(c.field, cond, p)).join(' AND ') || 'TRUE';
    case 'and':
      return `(${c.branches.map((b) => whereSql(b, p)).join(' AND ')})`;
    case 'or':
      return `(${c.branches.map((b) => whereSql(b, p)).join(' OR ')})`;
    case 'relatedTo':
      throw badRequest(
        LcCode.InvalidParameter,
        'The $relatedTo operator is not supported by this server yet.',
      );
  }
}

/** SQL condition for a parsed where; 'TRUE' when it has no clauses. */
export function whereSql(where: Where, p: Params): string {
  if (where.clauses.length === 0) return 'TRUE';
  return where.clauses.map((c) => `(${clause(c, p)})`).join(' AND ');
}
