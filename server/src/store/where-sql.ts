import { LcCode } from '@switchboard/shared';
import type { Clause, Condition, Where } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { fieldRef } from './fields';
import type { FieldRef } from './fields';
import type { Params } from './params';
import type { WhereContext } from './where-context';
import { nearSphere, withinBox } from './where-geo';
import { inQuery, relatedTo, relationCondition, selectKey } from './where-links';
import { matches } from './regex-sql';
import { compare, containsAll, equals as equalsValue, exists, sizeIs } from './where-values';
import type { IndexFacts } from './where-values';

/**
 * Translates a parsed `where` into a SQL condition over a class table
 * (id, created_at, updated_at, acl, data jsonb). Nothing is evaluated in JS: equality becomes
 * jsonb containment (GIN) and typed expressions (btree), the rest typed comparisons, sub-selects
 * and relation look-ups.
 */

const notTrue = (cond: string) => `(${cond}) IS NOT TRUE`;

function condition(field: string, c: Condition, ctx: WhereContext): string {
  const ref = fieldRef(field, ctx.fieldsOf(ctx.className));
  const p = ctx.params;
  if (ref.kind === 'json' && ref.type === 'Relation') return relationCondition(field, c, ctx);
  const index: IndexFacts = { leads: ctx.indexLeads?.(ctx.className, field) ?? false };
  const equals = (ref: FieldRef, field: string, value: unknown, p: Params) =>
    equalsValue(ref, field, value, p, index);
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
    case 'exists':
      return exists(ref, c.exists, p);
    case 'all':
      return containsAll(ref, field, c.values, p);
    case 'size':
      return sizeIs(ref, c.size, p);
    case 'regex':
      return matches(ref, field, c.pattern, c.options, p, ctx.regexGuard);
    case 'inQuery':
    case 'notInQuery':
      return inQuery(ref, field, c.query, c.op === 'notInQuery', ctx, whereSql);
    case 'select':
    case 'dontSelect':
      return selectKey(ref, field, c.query, c.key, c.op === 'dontSelect', ctx, whereSql);
    case 'nearSphere':
    case 'within':
      if (ref.kind !== 'json')
        throw badRequest(LcCode.InvalidParameter, `'${field}' is not a GeoPoint field.`);
      return c.op === 'nearSphere'
        ? nearSphere(ref, c.point, c.maxDistanceRadians, ctx)
        : withinBox(ref, c.southwest, c.northeast, p);
  }
}

function clause(c: Clause, ctx: WhereContext): string {
  switch (c.type) {
    case 'field':
      return c.conditions.map((cond) => condition(c.field, cond, ctx)).join(' AND ') || 'TRUE';
    case 'and':
    case 'or': {
      const nested = { ...ctx, nested: true };
      return `(${c.branches.map((b) => whereSql(b, nested)).join(c.type === 'and' ? ' AND ' : ' OR ')})`;
    }
    case 'relatedTo':
      return relatedTo(c.object, c.key, ctx);
  }
}

/** SQL condition for a parsed where; 'TRUE' when it has no clauses. */
export function whereSql(where: Where, ctx: WhereContext): string {
  if (where.clauses.length === 0) return 'TRUE';
  return where.clauses.map((c) => `(${clause(c, ctx)})`).join(' AND ');
}

/**
 * Every class a where clause reads besides its own (sub-queries, $relatedTo owners), so their
 * schemas can be loaded first.
 */
export function classesIn(where: Where, out = new Set<string>()): Set<string> {
  for (const c of where.clauses) {
    if (c.type === 'and' || c.type === 'or') c.branches.forEach((b) => classesIn(b, out));
    if (c.type === 'relatedTo') out.add(c.object.className);
    if (c.type !== 'field') continue;
    for (const cond of c.conditions) {
      if ('query' in cond) {
        out.add(cond.query.className);
        classesIn(cond.query.where, out);
      }
    }
  }
  return out;
}
