import type { FieldType } from '@switchboard/shared';

/**
 * The builder's model of a `where`: nested AND/OR groups of conditions. Values are kept in their
 * API encoding (numbers, strings, `{__type: 'Date', iso}`, pointers...), so the model maps onto a
 * `where` without a second value format.
 */
export const OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'nin',
  'all',
  'size',
  'exists',
  'regex',
  'select',
  'dontSelect',
  'inQuery',
  'nearSphere',
  'within',
  'relatedTo',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type DistanceUnit = 'Miles' | 'Kilometers' | 'Radians';

export interface GeoPoint {
  __type: 'GeoPoint';
  latitude: number;
  longitude: number;
}
export interface Pointer {
  __type: 'Pointer';
  className: string;
  objectId: string;
}

/** What each operator's `value` holds. */
export interface OperatorValues {
  eq: unknown;
  ne: unknown;
  lt: unknown;
  lte: unknown;
  gt: unknown;
  gte: unknown;
  in: unknown[];
  nin: unknown[];
  all: unknown[];
  size: number;
  exists: boolean;
  regex: { pattern: string; options: string };
  select: { className: string; where: Record<string, unknown>; key: string };
  dontSelect: { className: string; where: Record<string, unknown>; key: string };
  inQuery: { className: string; where: Record<string, unknown> };
  nearSphere: { point: GeoPoint; max?: { unit: DistanceUnit; distance: number } };
  within: { southwest: GeoPoint; northeast: GeoPoint };
  /** Not about a field of this class: objects in `key` (a relation) of `object`. */
  relatedTo: { object: Pointer; key: string };
}

export interface Condition<O extends Operator = Operator> {
  kind: 'condition';
  field: string;
  operator: O;
  value: OperatorValues[O];
}

export interface Group {
  kind: 'group';
  join: 'and' | 'or';
  children: QueryNode[];
}

export type QueryNode = Condition | Group;

export const emptyGroup = (join: Group['join'] = 'and'): Group => ({ kind: 'group', join, children: [] });

const COMPARE: Operator[] = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'];
const LIST: Operator[] = ['in', 'nin'];
const MATCH_OTHER: Operator[] = ['select', 'dontSelect'];

/**
 * Operators offered for a field type (Doc 1 "Where operators"). An unknown type (a field the
 * schema does not list) gets all field operators.
 */
export const OPERATORS_BY_TYPE: Record<FieldType, readonly Operator[]> = {
  String: [...COMPARE, ...LIST, 'regex', 'exists', ...MATCH_OTHER],
  Number: [...COMPARE, ...LIST, 'exists', ...MATCH_OTHER],
  Boolean: ['eq', 'ne', 'exists'],
  Date: [...COMPARE, ...LIST, 'exists', ...MATCH_OTHER],
  Bytes: ['exists'],
  Pointer: ['eq', 'ne', ...LIST, 'exists', 'inQuery', ...MATCH_OTHER],
  File: ['eq', 'ne', 'exists'],
  GeoPoint: ['nearSphere', 'within', 'exists'],
  Relation: ['eq', 'exists'],
  // A plain value matches an array that contains it (Doc 1).
  Array: ['eq', 'ne', 'all', 'size', ...LIST, 'exists'],
  Object: ['eq', 'ne', 'exists'],
  ACL: ['exists'],
};

const FIELD_OPERATORS = OPERATORS.filter((o) => o !== 'relatedTo');

export function operatorsFor(type: FieldType | undefined): readonly Operator[] {
  return type ? OPERATORS_BY_TYPE[type] : FIELD_OPERATORS;
}

/** The pseudo-field under which the builder offers `$relatedTo`. */
export const RELATED_TO_FIELD = '$relatedTo';

export const DEFAULT_GEO: GeoPoint = { __type: 'GeoPoint', latitude: 0, longitude: 0 };

/** A starting value of the right shape when the operator (or field) changes. */
export function defaultValue(operator: Operator, type: FieldType | undefined, className?: string): unknown {
  switch (operator) {
    case 'in':
    case 'nin':
    case 'all':
      return [];
    case 'size':
      return 0;
    case 'exists':
      return true;
    case 'regex':
      return { pattern: '', options: '' };
    case 'select':
    case 'dontSelect':
      return { className: '', where: {}, key: '' };
    case 'inQuery':
      return { className: className ?? '', where: {} };
    case 'nearSphere':
      return { point: DEFAULT_GEO };
    case 'within':
      return { southwest: DEFAULT_GEO, northeast: DEFAULT_GEO };
    case 'relatedTo':
      return { object: { __type: 'Pointer', className: '', objectId: '' }, key: '' };
    default:
      return scalarDefault(type, className);
  }
}

function scalarDefault(type: FieldType | undefined, className?: string): unknown {
  switch (type) {
    case 'Number':
      return 0;
    case 'Boolean':
      return true;
    case 'Date':
      return { __type: 'Date', iso: new Date(0).toISOString() };
    case 'Pointer':
      return { __type: 'Pointer', className: className ?? '', objectId: '' };
    case 'Object':
      return {};
    default:
      return '';
  }
}
