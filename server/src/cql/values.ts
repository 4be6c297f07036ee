import { geoPointValueSchema, isPlainObject, isValidClassName } from '@switchboard/shared';
import type { ValueNode } from './ast';
import { cqlError } from './errors';

/** What a value needs besides its node: the statement (for messages), placeholders, the time. */
export interface ValueContext {
  text: string;
  /** Placeholder values by the offset of their `?`. */
  params: Map<number, unknown>;
  now: Date;
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** CQL's built-in functions (the guide's "内置函数" that make values; `op` only serves updates). */
const FUNCTIONS: Record<string, { arity: number; make: (args: unknown[], ctx: ValueContext) => unknown }> = {
  date: { arity: 1, make: ([iso]) => toDate(iso) },
  pointer: { arity: 2, make: ([className, objectId]) => toPointer(className, objectId) },
  geopoint: { arity: 2, make: ([longitude, latitude]) => toGeoPoint([longitude, latitude]) },
  file: { arity: 1, make: ([id]) => (typeof id === 'string' && id ? { __type: 'File', id } : undefined) },
  base64: {
    arity: 1,
    make: ([b]) => (typeof b === 'string' && BASE64_RE.test(b) ? { __type: 'Bytes', base64: b } : undefined),
  },
  current_timestamp: { arity: 0, make: (_, ctx) => ({ __type: 'Date', iso: ctx.now.toISOString() }) },
};

function toDate(v: unknown): unknown {
  if (isPlainObject(v) && v.__type === 'Date') return v;
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : { __type: 'Date', iso: new Date(ms).toISOString() };
}

function toPointer(className: unknown, objectId: unknown): unknown {
  if (typeof className !== 'string' || !isValidClassName(className)) return undefined;
  if (typeof objectId !== 'string' || !objectId) return undefined;
  return { __type: 'Pointer', className, objectId };
}

/** A GeoPoint value, or CQL's `[longitude, latitude]` shorthand of the geo tests. */
export function toGeoPoint(v: unknown): unknown {
  const pair = Array.isArray(v) ? (v as unknown[]) : undefined;
  const geo = !pair
    ? v
    : pair.length === 2
      ? { __type: 'GeoPoint', longitude: pair[0], latitude: pair[1] }
      : undefined;
  const r = geoPointValueSchema.safeParse(geo);
  return r.success ? r.data : undefined;
}

/** Operators hide in plain objects as `$` keys; a value must stay a value wherever it is used. */
function hasOperatorKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasOperatorKey);
  if (!isPlainObject(v)) return false;
  return Object.entries(v).some(([k, x]) => k.startsWith('$') || hasOperatorKey(x));
}

function call(node: Extract<ValueNode, { type: 'call' }>, ctx: ValueContext): unknown {
  const name = node.name.toLowerCase();
  const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
  if (!fn) {
    const known = Object.keys(FUNCTIONS).map((f) => `${f}()`);
    throw cqlError(ctx.text, node.at, `unknown function ${node.name}(); CQL knows ${known.join(', ')}.`);
  }
  if (node.args.length !== fn.arity) {
    throw cqlError(ctx.text, node.at, `${name}() takes ${fn.arity} argument(s), not ${node.args.length}.`);
  }
  const made = fn.make(
    node.args.map((a) => evaluate(a, ctx)),
    ctx,
  );
  if (made === undefined) throw cqlError(ctx.text, node.at, `${name}() ${ARGUMENT_RULES[name] ?? ''}`);
  return made;
}

const ARGUMENT_RULES: Record<string, string> = {
  date: "needs a date such as '2011-08-20T02:06:57.931Z'.",
  pointer: "needs a class name and an objectId, such as pointer('Post', '51e3a359e4b015ead4d95ddc').",
  geopoint: 'needs a longitude (-180..180) and a latitude (-90..90), in that order.',
  file: 'needs the objectId of a file.',
  base64: 'needs standard base64 text.',
};

/** The JSON value a node stands for, placeholders filled; errors name the node's position. */
export function evaluate(node: ValueNode, ctx: ValueContext): unknown {
  switch (node.type) {
    case 'literal':
      return node.value;
    case 'param': {
      const v = ctx.params.get(node.at);
      if (hasOperatorKey(v)) {
        throw cqlError(ctx.text, node.at, 'a placeholder value may not hold keys starting with "$".');
      }
      return v;
    }
    case 'call':
      return call(node, ctx);
    case 'array':
      return node.items.map((i) => evaluate(i, ctx));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of node.entries) {
        if (k.startsWith('$')) throw cqlError(ctx.text, node.at, 'object keys may not start with "$".');
        Object.defineProperty(out, k, { value: evaluate(v, ctx), enumerable: true, writable: true });
      }
      return out;
    }
  }
}
