import { LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import type { OrderKey, SelectNode, Tail, ValueNode } from './ast';
import { toWhere } from './conditions';
import type { SubQuery, Where, WhereContext } from './conditions';
import { cqlError } from './errors';
import { parseCql } from './parser';
import { evaluate } from './values';

/** A CQL select as the query parameters of GET /1.1/classes/<className> (Doc 1 Query). */
export interface CompiledQuery {
  className: string;
  params: Record<string, string>;
}

/** Offsets of the `?` placeholders anywhere in the tree, in the order they are written. */
function placeholders(tree: unknown): number[] {
  const out: number[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) visit(n);
    else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (o.type === 'param' && typeof o.at === 'number') out.push(o.at);
      else for (const v of Object.values(o)) visit(v);
    }
  };
  visit(tree);
  return out.sort((a, b) => a - b);
}

function count(node: ValueNode, ctx: WhereContext, what: string): number {
  const n = evaluate(node, ctx);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    throw cqlError(ctx.text, node.at, `${what} must be a non-negative integer.`);
  }
  return n;
}

/** The `limit` and `order by` clauses, each at most once, in either order. */
function tailOf(s: SelectNode, ctx: WhereContext) {
  const seen = new Map<Tail['type'], Tail>();
  for (const t of s.tail) {
    if (seen.has(t.type))
      throw cqlError(ctx.text, t.at, `${t.type === 'limit' ? 'limit' : 'order by'} is given twice.`);
    seen.set(t.type, t);
  }
  const limit = seen.get('limit') as Extract<Tail, { type: 'limit' }> | undefined;
  const order = seen.get('order') as Extract<Tail, { type: 'order' }> | undefined;
  return {
    limit: limit && count(limit.limit, ctx, 'limit'),
    skip: limit?.skip && count(limit.skip, ctx, 'skip'),
    order: order && orderParam(order.keys),
    at: { limit: limit?.at, order: order?.at },
  };
}

/**
 * `order by score, +name desc`: a sign wins; a field without one takes its own asc / desc, and
 * the direction after the last field applies to every field that has neither (the guide's rule).
 */
function orderParam(keys: OrderKey[]): string {
  const trailing = keys.at(-1)?.dir;
  const desc = (k: OrderKey) => (k.sign ? k.sign === '-' : (k.dir ?? trailing) === 'desc');
  return keys.map((k) => `${desc(k) ? '-' : ''}${k.path}`).join(',');
}

/** What the select list asks for: fields (none means all), includes, a count. */
function selection(s: SelectNode, ctx: WhereContext) {
  const fields: string[] = [];
  const include: string[] = [];
  let all = false;
  let counted = false;
  for (const item of s.items) {
    if (item.type === 'all') all = true;
    else if (item.type === 'field') fields.push(item.path);
    else if (item.type === 'include') include.push(item.path);
    else if (item.arg === '*' || item.arg === 'objectId') counted = true;
    else throw cqlError(ctx.text, item.at, 'count takes * or objectId, as in count(*).');
  }
  // An included pointer is wanted in the answer even when the fields are listed.
  const keys =
    all || fields.length === 0 ? [] : [...new Set([...fields, ...include.map((p) => p.split('.')[0] ?? p)])];
  const countOnly = counted && !all && fields.length === 0 && include.length === 0;
  return { keys, include, counted, countOnly };
}

function whereOf(s: SelectNode, ctx: WhereContext): Where {
  return s.where ? toWhere(s.where, ctx) : {};
}

/** A sub-select: one field or `*`, a where, at most a limit (Doc 1: sub-queries take no more). */
function subQuery(s: SelectNode, ctx: WhereContext): SubQuery {
  const [item, ...more] = s.items;
  if (!item || more.length > 0 || (item.type !== 'all' && item.type !== 'field')) {
    throw cqlError(ctx.text, s.at, 'a sub-query selects one field, or *, as in (select name from Player).');
  }
  const tail = tailOf(s, ctx);
  if (tail.order !== undefined) throw cqlError(ctx.text, tail.at.order, 'a sub-query cannot be ordered.');
  if (tail.skip !== undefined)
    throw cqlError(ctx.text, tail.at.limit, 'a sub-query takes a limit, not a skip.');
  const query = {
    className: s.className,
    where: whereOf(s, ctx),
    ...(tail.limit ? { limit: tail.limit } : {}),
  };
  return { query, key: item.type === 'field' ? item.path : undefined };
}

/**
 * A CQL statement with its placeholder values as a query of the objects API: the route runs it
 * through the same read path as GET /1.1/classes/<className>.
 */
export function compileCql(text: string, pvalues: unknown[] | undefined, now: Date): CompiledQuery {
  const statement = parseCql(text);
  if (statement.type === 'write') {
    throw cqlError(
      text,
      statement.at,
      `${statement.verb} is not supported here: CQL runs select statements only; write through the objects API.`,
    );
  }
  const offsets = placeholders(statement);
  const values = pvalues ?? [];
  if (values.length !== offsets.length) {
    throw badRequest(
      LcCode.InvalidParameter,
      `pvalues holds ${values.length} value(s) but the CQL statement has ${offsets.length} placeholder(s) (?).`,
    );
  }
  const ctx: WhereContext = {
    text,
    now,
    params: new Map(offsets.map((at, i) => [at, values[i]])),
    subQuery: (node) => subQuery(node, ctx),
  };
  const where = whereOf(statement, ctx);
  const { keys, include, counted, countOnly } = selection(statement, ctx);
  const tail = tailOf(statement, ctx);
  const params: Record<string, string> = {};
  if (Object.keys(where).length > 0) params.where = JSON.stringify(where);
  if (tail.order !== undefined) params.order = tail.order;
  if (countOnly) params.limit = '0';
  else if (tail.limit !== undefined) params.limit = String(tail.limit);
  if (tail.skip !== undefined && !countOnly) params.skip = String(tail.skip);
  if (keys.length > 0) params.keys = keys.join(',');
  if (include.length > 0) params.include = include.join(',');
  if (counted) params.count = '1';
  return { className: statement.className, params };
}
