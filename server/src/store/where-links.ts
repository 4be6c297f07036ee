import { LcCode } from '@switchboard/shared';
import type { Condition, PointerValue, SubQuery } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { fieldRef, jsonExpr, sortExpr } from './fields';
import type { FieldRef } from './fields';
import { aclCondition } from './acl-sql';
import { tableFor } from './tables';
import type { WhereContext } from './where-context';

/**
 * Conditions that reach other rows: relation fields, $relatedTo, and the sub-queries $inQuery,
 * $notInQuery, $select and $dontSelect (each capped by its own limit, as Doc 1 says).
 */
type Translate = (where: SubQuery['where'], ctx: WhereContext) => string;

function pointerId(v: unknown, field: string): string {
  const p = v as Partial<PointerValue> | null;
  if (!p || p.__type !== 'Pointer' || typeof p.objectId !== 'string') {
    throw badRequest(LcCode.InvalidParameter, `The relation field '${field}' is compared with a Pointer.`);
  }
  return p.objectId;
}

/** Equality-style conditions on a Relation field: the relation holds (or not) the given objects. */
export function relationCondition(field: string, c: Condition, ctx: WhereContext): string {
  const p = ctx.params;
  const members = (ids: string[]) =>
    `id IN (SELECT owner_id FROM lc_relations WHERE owner_class = ${p.add(ctx.className)} AND field = ${p.add(field)} AND target_id = ANY(${p.add(ids)}::text[]))`;
  switch (c.op) {
    case 'eq':
      return members([pointerId(c.value, field)]);
    case 'ne':
      return `NOT (${members([pointerId(c.value, field)])})`;
    case 'in':
      return c.values.length ? members(c.values.map((v) => pointerId(v, field))) : 'FALSE';
    case 'nin':
      return c.values.length ? `NOT (${members(c.values.map((v) => pointerId(v, field)))})` : 'TRUE';
    case 'exists':
      return c.exists ? `data ? ${p.add(field)}` : `NOT (data ? ${p.add(field)})`;
    default:
      throw badRequest(
        LcCode.InvalidParameter,
        `The relation field '${field}' can only be compared with Pointers.`,
      );
  }
}

/**
 * Doc 1 $relatedTo: the objects of this class that `object`'s relation `key` holds. A relation is
 * part of its owner: an owner the reader may not read (or that does not exist) holds nothing.
 */
export function relatedTo(object: PointerValue, key: string, ctx: WhereContext): string {
  const p = ctx.params;
  // Parameters are added only for text that is returned: an unused one has no type in Postgres.
  const members = () =>
    `id IN (SELECT target_id FROM lc_relations WHERE owner_class = ${p.add(object.className)} AND owner_id = ${p.add(object.objectId)} AND field = ${p.add(key)})`;
  if (ctx.readKeys === undefined) return members();
  if (!ctx.fieldsOf(object.className)) return 'FALSE';
  const readable = `EXISTS (SELECT 1 FROM ${tableFor(object.className)} WHERE id = ${p.add(object.objectId)} AND ${aclCondition(p, ctx.readKeys, 'read')})`;
  return `(${readable} AND ${members()})`;
}

/** The ids a sub-query selects, or undefined when its class does not exist. */
function subIds(q: SubQuery, ctx: WhereContext, translate: Translate): string | undefined {
  if (!ctx.fieldsOf(q.className)) return undefined;
  const cond = translate(q.where, { ...ctx, className: q.className, nested: true });
  const acl = aclCondition(ctx.params, ctx.readKeys, 'read');
  return `SELECT id FROM ${tableFor(q.className)} WHERE (${cond}) AND ${acl} ORDER BY id LIMIT ${ctx.params.add(q.limit)}`;
}

export function inQuery(
  ref: FieldRef,
  field: string,
  q: SubQuery,
  negate: boolean,
  ctx: WhereContext,
  translate: Translate,
): string {
  if (ref.kind !== 'json')
    throw badRequest(LcCode.InvalidParameter, `$inQuery needs a Pointer field, not '${field}'.`);
  const sub = subIds(q, ctx, translate);
  const j = jsonExpr(ref.path);
  const p = ctx.params;
  const hit = sub
    ? ref.type === 'Array'
      ? `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${j}) = 'array' THEN ${j} ELSE '[]'::jsonb END) e WHERE e->>'className' = ${p.add(q.className)} AND e->>'objectId' IN (${sub}))`
      : `(${j}->>'className' = ${p.add(q.className)} AND (${j}->>'objectId') IN (${sub}))`
    : 'FALSE';
  return negate ? `(${hit}) IS NOT TRUE` : hit;
}

export function selectKey(
  ref: FieldRef,
  field: string,
  q: SubQuery,
  key: string,
  negate: boolean,
  ctx: WhereContext,
  translate: Translate,
): string {
  const innerRef = fieldRef(key, ctx.fieldsOf(q.className));
  const asJson = (r: FieldRef) => (r.kind === 'json' ? jsonExpr(r.path) : `to_jsonb(${sortExpr(r)})`);
  const fields = ctx.fieldsOf(q.className);
  let hit = 'FALSE';
  if (fields) {
    const inner: WhereContext = { ...ctx, className: q.className, nested: true };
    const cond = translate(q.where, inner);
    const acl = aclCondition(ctx.params, ctx.readKeys, 'read');
    const sub = `SELECT ${asJson(innerRef)} FROM ${tableFor(q.className)} WHERE (${cond}) AND ${acl} ORDER BY id LIMIT ${ctx.params.add(q.limit)}`;
    hit = `${asJson(ref)} IN (${sub})`;
  }
  return negate ? `(${hit}) IS NOT TRUE` : hit;
}
