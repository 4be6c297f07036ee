import { isPlainObject } from '@switchboard/shared';
import type { CompareOp, Condition, Distance, InOperand, SelectNode, Test, ValueNode } from './ast';
import { cqlError } from './errors';
import { likeToRegex, regexpOperand } from './patterns';
import { evaluate, toGeoPoint } from './values';
import type { ValueContext } from './values';

/** A `where` object of Doc 1's query language. */
export type Where = Record<string, unknown>;

/** A sub-select reduced to what `$inQuery` and `$select` take (see select.ts). */
export interface SubQuery {
  query: { className: string; where: Where; limit?: number };
  /** The one field selected, or undefined for `select *`. */
  key: string | undefined;
}

export interface WhereContext extends ValueContext {
  subQuery(node: SelectNode): SubQuery;
}

const COMPARISONS: Record<CompareOp, string | undefined> = {
  '=': undefined,
  '==': undefined,
  '!=': '$ne',
  '<>': '$ne',
  '<': '$lt',
  '<=': '$lte',
  '>': '$gt',
  '>=': '$gte',
};

const DISTANCE_CAPS = {
  km: '$maxDistanceInKilometers',
  miles: '$maxDistanceInMiles',
  radians: '$maxDistanceInRadians',
};

/** Conditions joined by `and`: one object when their keys differ, else an explicit `$and`. */
function and(parts: Where[]): Where {
  const merged: Where = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      if (Object.hasOwn(merged, k)) return { $and: parts };
      merged[k] = v;
    }
  }
  return merged;
}

function or(parts: Where[]): Where {
  const only = (w: Where) => Object.keys(w).length === 1 && Array.isArray(w.$or);
  return { $or: parts.flatMap((w) => (only(w) ? (w.$or as Where[]) : [w])) };
}

const field = (name: string, condition: unknown): Where => ({ [name]: condition });

function list(operand: InOperand, ctx: ValueContext, at: number): unknown[] {
  if (operand.type === 'list') return operand.items.map((i) => evaluate(i, ctx));
  const node = operand.type === 'value' ? operand.value : undefined;
  const v = node ? evaluate(node, ctx) : undefined;
  if (!Array.isArray(v)) {
    throw cqlError(ctx.text, node?.at ?? at, 'in and all need a list such as (1, 2) or an array.');
  }
  return v;
}

function subQuery(name: string, negate: boolean, node: SelectNode, ctx: WhereContext): Where {
  const { query, key } = ctx.subQuery(node);
  if (key === undefined) return field(name, { [negate ? '$notInQuery' : '$inQuery']: query });
  return field(name, { [negate ? '$dontSelect' : '$select']: { query, key } });
}

function distance(d: Distance, ctx: ValueContext): [string, number] {
  const amount = evaluate(d.amount, ctx);
  if (typeof amount !== 'number' || !(amount >= 0)) {
    throw cqlError(ctx.text, d.amount.at, 'a distance must be a non-negative number.');
  }
  return [DISTANCE_CAPS[d.unit], amount];
}

function geo(node: ValueNode, ctx: ValueContext): unknown {
  const point = toGeoPoint(evaluate(node, ctx));
  if (point === undefined) {
    throw cqlError(ctx.text, node.at, 'expected a geopoint(longitude, latitude) or [longitude, latitude].');
  }
  return point;
}

function compare(name: string, op: CompareOp, value: unknown): Where {
  const operator = COMPARISONS[op];
  return field(name, operator ? { [operator]: value } : value);
}

function test(name: string, t: Test, ctx: WhereContext, at: number): Where {
  const refuseNot = (what: string) => {
    throw cqlError(
      ctx.text,
      at,
      `not ${what} is not supported: a regular expression cannot be negated here.`,
    );
  };
  switch (t.kind) {
    case 'exists':
      return field(name, { $exists: t.exists });
    case 'compare':
      return compare(name, t.op, evaluate(t.value, ctx));
    case 'in':
      if (t.operand.type === 'subquery') return subQuery(name, t.not, t.operand.query, ctx);
      return field(name, { [t.not ? '$nin' : '$in']: list(t.operand, ctx, at) });
    case 'all':
      if (t.operand.type === 'subquery') throw cqlError(ctx.text, at, 'all takes a list, not a sub-query.');
      return field(name, { $all: list(t.operand, ctx, at) });
    case 'like':
      if (t.not) refuseNot('like');
      return field(name, {
        $regex: likeToRegex(evaluate(t.pattern, ctx), ctx.text, t.pattern.at),
        $options: 's',
      });
    case 'regexp':
      if (t.not) refuseNot('regexp');
      return field(name, regexpOperand(evaluate(t.pattern, ctx), ctx.text, t.pattern.at));
    case 'between': {
      const [low, high] = [evaluate(t.low, ctx), evaluate(t.high, ctx)];
      if (!t.not) return field(name, { $gte: low, $lte: high });
      return { $or: [field(name, { $lt: low }), field(name, { $gt: high })] };
    }
    case 'near': {
      if (t.min) throw cqlError(ctx.text, t.min.amount.at, 'near ... min is not supported; use max only.');
      const cap = t.max ? Object.fromEntries([distance(t.max, ctx)]) : {};
      return field(name, { $nearSphere: geo(t.point, ctx), ...cap });
    }
    case 'within':
      return field(name, { $within: { $box: [geo(t.southwest, ctx), geo(t.northeast, ctx)] } });
    case 'subquery':
      if (t.op === '=' || t.op === '==') return subQuery(name, false, t.query, ctx);
      if (t.op === '!=' || t.op === '<>') return subQuery(name, true, t.query, ctx);
      throw cqlError(ctx.text, at, `a sub-query compares with =, !=, in or not in, not ${t.op}.`);
  }
}

function size(c: Extract<Condition, { type: 'size' }>, ctx: ValueContext): Where {
  if (c.op !== '=' && c.op !== '==') throw cqlError(ctx.text, c.at, 'size() compares with = only.');
  const n = evaluate(c.value, ctx);
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    throw cqlError(ctx.text, c.value.at ?? c.at, 'size() is compared with a non-negative integer.');
  }
  return field(c.field, { $size: n });
}

/** The `where` object a CQL condition stands for. */
export function toWhere(c: Condition, ctx: WhereContext): Where {
  switch (c.type) {
    case 'or':
      return or(c.items.map((i) => toWhere(i, ctx)));
    case 'and':
      return and(c.items.map((i) => toWhere(i, ctx)));
    case 'related': {
      const object = evaluate(c.object, ctx);
      if (!isPlainObject(object) || object.__type !== 'Pointer') {
        throw cqlError(ctx.text, c.object.at ?? c.at, "related ... to needs a pointer('Class', 'objectId').");
      }
      return { $relatedTo: { object, key: c.key } };
    }
    case 'size':
      return size(c, ctx);
    case 'test':
      return test(c.field, c.test, ctx, c.at);
  }
}
