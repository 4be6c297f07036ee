import { z } from 'zod';
import { JSON_PROBLEM_MESSAGES, jsonProblem } from './json-limits';
import { geoPointValueSchema, isPlainObject, pointerValueSchema } from './types';
import type { GeoPointValue, PointerValue } from './types';

/**
 * The `where` language of Doc 1 ("Where operators"), parsed into a small AST so that the server
 * translates it to SQL and the console validates it with one definition.
 */
export interface Where {
  clauses: Clause[];
}

export type Clause =
  | { type: 'field'; field: string; conditions: Condition[] }
  | { type: 'or'; branches: Where[] }
  | { type: 'and'; branches: Where[] }
  | { type: 'relatedTo'; object: PointerValue; key: string };

export interface SubQuery {
  className: string;
  where: Where;
  /** Doc 1: sub-queries follow the query limit rule (default 100, 1..1000). */
  limit: number;
}

export type Condition =
  | { op: 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte'; value: unknown }
  | { op: 'in' | 'nin' | 'all'; values: unknown[] }
  | { op: 'size'; size: number }
  | { op: 'exists'; exists: boolean }
  | { op: 'regex'; pattern: string; options: string }
  | { op: 'select' | 'dontSelect'; query: SubQuery; key: string }
  | { op: 'inQuery' | 'notInQuery'; query: SubQuery }
  | { op: 'nearSphere'; point: GeoPointValue; maxDistanceRadians?: number }
  | { op: 'within'; southwest: GeoPointValue; northeast: GeoPointValue };

export class WhereError extends Error {
  override name = 'WhereError';
}

/** Earth radius used to turn the distance caps into radians (same constants as the LeanCloud SDKs). */
const EARTH_RADIUS_KM = 6371.0;
const EARTH_RADIUS_MILES = 3958.8;

const FIELD_PATH_RE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const REGEX_OPTIONS_RE = /^[imxs]*$/;
const COMPARISONS = { $ne: 'ne', $lt: 'lt', $lte: 'lte', $gt: 'gt', $gte: 'gte' } as const;
const LISTS = { $in: 'in', $nin: 'nin', $all: 'all' } as const;
const DISTANCE_CAPS = [
  '$maxDistanceInMiles',
  '$maxDistanceInKilometers',
  '$maxDistanceInRadians',
  '$maxDistance',
];

function fail(message: string): never {
  throw new WhereError(message);
}

function parseGeo(v: unknown, what: string): GeoPointValue {
  const r = geoPointValueSchema.safeParse(v);
  if (!r.success) fail(`${what} must be a GeoPoint {__type: "GeoPoint", latitude, longitude}`);
  return r.data;
}

function parseSubQuery(v: unknown, op: string): SubQuery {
  if (!isPlainObject(v) || typeof v.className !== 'string') fail(`${op} needs {className, where}`);
  for (const key of ['skip', 'order', 'include', 'keys']) {
    if (key in v) fail(`${op} does not accept "${key}"`);
  }
  const limit =
    typeof v.limit === 'number' && Number.isInteger(v.limit) && v.limit >= 1 && v.limit <= 1000
      ? v.limit
      : 100;
  return { className: v.className, where: parseWhere(v.where ?? {}), limit };
}

function parseOperators(field: string, ops: Record<string, unknown>): Condition[] {
  const out: Condition[] = [];
  let near: GeoPointValue | undefined;
  let maxRadians: number | undefined;
  for (const [key, value] of Object.entries(ops)) {
    if (key in COMPARISONS) {
      out.push({ op: COMPARISONS[key as keyof typeof COMPARISONS], value });
    } else if (key in LISTS) {
      if (!Array.isArray(value)) fail(`${key} on "${field}" needs an array`);
      out.push({ op: LISTS[key as keyof typeof LISTS], values: value });
    } else if (key === '$exists') {
      if (typeof value !== 'boolean') fail(`$exists on "${field}" needs true or false`);
      out.push({ op: 'exists', exists: value });
    } else if (key === '$size') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        fail(`$size on "${field}" needs a non-negative integer`);
      out.push({ op: 'size', size: value });
    } else if (key === '$regex') {
      if (typeof value !== 'string') fail(`$regex on "${field}" needs a string`);
      const options = ops.$options ?? '';
      if (typeof options !== 'string' || !REGEX_OPTIONS_RE.test(options))
        fail(`$options on "${field}" may only contain the modifiers i, m, x and s`);
      out.push({ op: 'regex', pattern: value, options });
    } else if (key === '$options') {
      if (!('$regex' in ops)) fail(`$options on "${field}" needs $regex`);
    } else if (key === '$select' || key === '$dontSelect') {
      if (!isPlainObject(value) || typeof value.key !== 'string')
        fail(`${key} on "${field}" needs {query, key}`);
      out.push({
        op: key === '$select' ? 'select' : 'dontSelect',
        query: parseSubQuery(value.query, key),
        key: value.key,
      });
    } else if (key === '$inQuery' || key === '$notInQuery') {
      out.push({ op: key === '$inQuery' ? 'inQuery' : 'notInQuery', query: parseSubQuery(value, key) });
    } else if (key === '$nearSphere') {
      near = parseGeo(value, `$nearSphere on "${field}"`);
    } else if (DISTANCE_CAPS.includes(key)) {
      if (typeof value !== 'number' || !(value >= 0))
        fail(`${key} on "${field}" needs a non-negative number`);
      maxRadians =
        key === '$maxDistanceInMiles'
          ? value / EARTH_RADIUS_MILES
          : key === '$maxDistanceInKilometers'
            ? value / EARTH_RADIUS_KM
            : value;
    } else if (key === '$within') {
      const box = isPlainObject(value) ? value.$box : undefined;
      if (!Array.isArray(box) || box.length !== 2)
        fail(`$within on "${field}" needs {$box: [southwest, northeast]}`);
      out.push({
        op: 'within',
        southwest: parseGeo(box[0], '$box southwest corner'),
        northeast: parseGeo(box[1], '$box northeast corner'),
      });
    } else {
      fail(`unknown operator ${key} on "${field}"`);
    }
  }
  if (near)
    out.push(
      maxRadians === undefined
        ? { op: 'nearSphere', point: near }
        : { op: 'nearSphere', point: near, maxDistanceRadians: maxRadians },
    );
  else if (maxRadians !== undefined) fail(`a distance cap on "${field}" needs $nearSphere`);
  return out;
}

function isOperatorObject(v: unknown): v is Record<string, unknown> {
  if (!isPlainObject(v)) return false;
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

function parseBranches(key: string, v: unknown): Where[] {
  if (!Array.isArray(v) || v.length === 0) fail(`${key} needs a non-empty array of conditions`);
  return v.map((b) => parseWhere(b));
}

/** Parse a decoded `where` object; throws WhereError with a message a person understands. */
export function parseWhere(input: unknown): Where {
  if (!isPlainObject(input)) fail('where must be a JSON object');
  const clauses: Clause[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (key === '$or' || key === '$and') {
      clauses.push({ type: key === '$or' ? 'or' : 'and', branches: parseBranches(key, value) });
    } else if (key === '$relatedTo') {
      const object = isPlainObject(value) ? pointerValueSchema.safeParse(value.object) : undefined;
      if (!object?.success || !isPlainObject(value) || typeof value.key !== 'string')
        fail('$relatedTo needs {object: <Pointer>, key: <relation field>}');
      clauses.push({ type: 'relatedTo', object: object.data, key: value.key });
    } else if (key.startsWith('$')) {
      fail(`unknown top-level operator ${key}`);
    } else {
      if (!FIELD_PATH_RE.test(key)) fail(`invalid field name "${key}" in where`);
      const conditions: Condition[] = isOperatorObject(value)
        ? parseOperators(key, value)
        : [{ op: 'eq', value }];
      clauses.push({ type: 'field', field: key, conditions });
    }
  }
  return { clauses };
}

/** Parse the URL form: a JSON string. */
export function parseWhereParam(raw: string): Where {
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch {
    fail('where is not valid JSON');
  }
  const problem = jsonProblem(decoded);
  if (problem) fail(JSON_PROBLEM_MESSAGES[problem]);
  return parseWhere(decoded);
}

/** zod form of the same rule, for contracts that validate a `where` query parameter. */
export const whereParamSchema = z.string().superRefine((raw, ctx) => {
  try {
    parseWhereParam(raw);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: e instanceof Error ? e.message : String(e) });
  }
});
