import { parseWhere } from '@switchboard/shared';
import type { Condition, DistanceUnit, Group, Operator, QueryNode } from './model';

/** A `where` as the API takes it (decoded JSON). */
export type WhereObject = Record<string, unknown>;

const SIMPLE: Partial<Record<Operator, string>> = {
  ne: '$ne',
  lt: '$lt',
  lte: '$lte',
  gt: '$gt',
  gte: '$gte',
  in: '$in',
  nin: '$nin',
  all: '$all',
  size: '$size',
  exists: '$exists',
  inQuery: '$inQuery',
};
const BY_KEY = new Map(Object.entries(SIMPLE).map(([op, key]) => [key, op as Operator]));
const DISTANCE: Record<string, DistanceUnit> = {
  $maxDistanceInMiles: 'Miles',
  $maxDistanceInKilometers: 'Kilometers',
  $maxDistanceInRadians: 'Radians',
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The operators of one condition, e.g. `{$gt: 1}`; undefined for equality (a plain value). */
function operatorObject(c: Condition): WhereObject | undefined {
  const simple = SIMPLE[c.operator];
  if (simple) return { [simple]: c.value };
  const v = c.value as never;
  switch (c.operator) {
    case 'eq':
      return undefined;
    case 'regex': {
      const { pattern, options } = v as Condition<'regex'>['value'];
      return options ? { $regex: pattern, $options: options } : { $regex: pattern };
    }
    case 'select':
    case 'dontSelect': {
      const { className, where, key } = v as Condition<'select'>['value'];
      return { [c.operator === 'select' ? '$select' : '$dontSelect']: { query: { className, where }, key } };
    }
    case 'nearSphere': {
      const { point, max } = v as Condition<'nearSphere'>['value'];
      return max
        ? { $nearSphere: point, [`$maxDistanceIn${max.unit}`]: max.distance }
        : { $nearSphere: point };
    }
    case 'within': {
      const { southwest, northeast } = v as Condition<'within'>['value'];
      return { $within: { $box: [southwest, northeast] } };
    }
    default:
      throw new Error(`no where form for ${c.operator}`);
  }
}

/** One condition alone as a `where`. */
function conditionWhere(c: Condition): WhereObject {
  if (c.operator === 'relatedTo') return { $relatedTo: c.value };
  return { [c.field]: operatorObject(c) ?? c.value };
}

/**
 * An AND group as one object: conditions on different fields side by side, several operators of
 * one field in one operator object; whatever would collide (the same operator twice, equality
 * next to another condition, a second $or) goes into `$and`, which keeps it exact.
 */
function andWhere(g: Group): WhereObject {
  const out: WhereObject = {};
  const rest: WhereObject[] = [];
  for (const child of g.children) {
    if (child.kind === 'group') {
      if (child.join === 'or' && !('$or' in out)) out.$or = child.children.map(nodeWhere);
      else if (child.join === 'or') rest.push(nodeWhere(child));
      else rest.push(andWhere(child));
      continue;
    }
    if (child.operator === 'relatedTo') {
      if ('$relatedTo' in out) rest.push(conditionWhere(child));
      else out.$relatedTo = child.value;
      continue;
    }
    const ops = operatorObject(child);
    const existing = out[child.field];
    if (!(child.field in out)) out[child.field] = ops ?? child.value;
    else if (ops && isOperatorObject(existing) && Object.keys(ops).every((k) => !(k in existing)))
      out[child.field] = { ...existing, ...ops };
    else rest.push(conditionWhere(child));
  }
  if (rest.length > 0) out.$and = rest;
  return out;
}

function nodeWhere(node: QueryNode): WhereObject {
  if (node.kind === 'condition') return conditionWhere(node);
  if (node.join === 'and') return andWhere(node);
  return node.children.length > 0 ? { $or: node.children.map(nodeWhere) } : {};
}

/** The group without empty groups at any depth (they filter nothing, and `$or: []` is refused). */
export function prune(g: Group): Group {
  const children: QueryNode[] = [];
  for (const c of g.children) {
    if (c.kind === 'condition') children.push(c);
    else {
      const p = prune(c);
      // A group of one is that one: how fromWhere reads it back, so the where stays the same.
      if (p.children.length === 1) children.push(p.children[0]!);
      else if (p.children.length > 1) children.push(p);
    }
  }
  return { ...g, children };
}

/** The `where` of a model; an empty model gives `{}`. */
export function toWhere(model: Group): WhereObject {
  return nodeWhere(prune(model));
}

function isOperatorObject(v: unknown): v is Record<string, unknown> {
  return isObject(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));
}

export type FromWhere = { ok: true; model: Group } | { ok: false; message: string };

class Unrepresentable extends Error {}

function conditionsOf(field: string, ops: Record<string, unknown>): Condition[] {
  const out: Condition[] = [];
  let near: Condition<'nearSphere'> | undefined;
  for (const [key, value] of Object.entries(ops)) {
    const simple = BY_KEY.get(key);
    if (simple) out.push({ kind: 'condition', field, operator: simple, value });
    else if (key === '$regex')
      out.push({
        kind: 'condition',
        field,
        operator: 'regex',
        value: { pattern: String(value), options: typeof ops.$options === 'string' ? ops.$options : '' },
      });
    else if (key === '$options') continue;
    else if (key === '$select' || key === '$dontSelect') {
      const v = value as { query: { className: string; where?: WhereObject }; key: string };
      out.push({
        kind: 'condition',
        field,
        operator: key === '$select' ? 'select' : 'dontSelect',
        value: { className: v.query.className, where: v.query.where ?? {}, key: v.key },
      });
    } else if (key === '$nearSphere') {
      near = { kind: 'condition', field, operator: 'nearSphere', value: { point: value as never } };
      out.push(near);
    } else if (key in DISTANCE) continue;
    else if (key === '$within') {
      const [southwest, northeast] = (value as { $box: [never, never] }).$box;
      out.push({ kind: 'condition', field, operator: 'within', value: { southwest, northeast } });
    } else throw new Unrepresentable(`The builder cannot show ${key} (on "${field}").`);
  }
  const cap = Object.keys(ops).find((k) => k in DISTANCE);
  if (near && cap) near.value.max = { unit: DISTANCE[cap]!, distance: ops[cap] as number };
  return out;
}

/** A branch of $or/$and: a lone condition stays a condition, more become an AND group. */
function branchNode(where: WhereObject): QueryNode {
  const g = andGroup(where);
  return g.children.length === 1 ? g.children[0]! : g;
}

function andGroup(where: WhereObject): Group {
  const children: QueryNode[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (key === '$or' || key === '$and') {
      const branches = (value as WhereObject[]).map(branchNode);
      // `$and` members are this group's own conditions, written apart only where they collided.
      if (key === '$or') children.push({ kind: 'group', join: 'or', children: branches });
      else children.push(...branches);
    } else if (key === '$relatedTo') {
      children.push({ kind: 'condition', field: '$relatedTo', operator: 'relatedTo', value: value as never });
    } else if (isOperatorObject(value)) {
      children.push(...conditionsOf(key, value));
    } else {
      children.push({ kind: 'condition', field: key, operator: 'eq', value });
    }
  }
  return { kind: 'group', join: 'and', children };
}

/**
 * The model of a `where`, after checking it with the API's own rules. A top-level `$or` alone
 * becomes an OR root. A `where` the builder cannot show (an operator it has no form for) is
 * reported, so the raw JSON mode keeps it as it is.
 */
export function fromWhere(where: unknown): FromWhere {
  try {
    parseWhere(where);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  try {
    const root = andGroup(where as WhereObject);
    const only = root.children[0];
    if (root.children.length === 1 && only?.kind === 'group' && only.join === 'or')
      return { ok: true, model: only };
    return { ok: true, model: root };
  } catch (e) {
    if (e instanceof Unrepresentable) return { ok: false, message: e.message };
    throw e;
  }
}
