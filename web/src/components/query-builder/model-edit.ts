import type { FieldType } from '@switchboard/shared';
import { defaultValue, operatorsFor, RELATED_TO_FIELD } from './model';
import type { Condition, Group, Operator, QueryNode } from './model';

const BUILT_IN = ['objectId', 'createdAt', 'updatedAt'];

/** Where a node sits in the model: child indexes from the root. */
export type NodePath = readonly number[];

/** A copy of the root with the node at `path` replaced by `fn(node)` (removed when it gives undefined). */
export function updateAt(root: Group, path: NodePath, fn: (node: QueryNode) => QueryNode | undefined): Group {
  if (path.length === 0) {
    const next = fn(root);
    return next?.kind === 'group' ? next : root;
  }
  const [i, ...rest] = path as [number, ...number[]];
  const children = root.children.flatMap((child, j) => {
    if (j !== i) return [child];
    const next = rest.length === 0 ? fn(child) : child.kind === 'group' ? updateAt(child, rest, fn) : child;
    return next ? [next] : [];
  });
  return { ...root, children };
}

export const removeAt = (root: Group, path: NodePath): Group => updateAt(root, path, () => undefined);

export const appendTo = (root: Group, path: NodePath, node: QueryNode): Group =>
  updateAt(root, path, (g) => (g.kind === 'group' ? { ...g, children: [...g.children, node] } : g));

/** The fields a condition may use, from the class schema (built-ins included). */
export type FieldTypes = Record<string, { type: FieldType | undefined; className?: string | undefined }>;

export function newCondition(fields: FieldTypes): Condition {
  // The class's own fields are what people filter on most; the built-ins come first in the list.
  const field = Object.keys(fields).find((f) => !BUILT_IN.includes(f)) ?? 'objectId';
  return withField({ kind: 'condition', field, operator: 'eq', value: '' }, field, fields);
}

/** The condition on another field: the operator kept if that field's type offers it, a fresh value. */
export function withField(c: Condition, field: string, fields: FieldTypes): Condition {
  if (field === RELATED_TO_FIELD)
    return {
      kind: 'condition',
      field,
      operator: 'relatedTo',
      value: defaultValue('relatedTo', undefined),
    };
  const f = fields[field];
  const offered = operatorsFor(f?.type);
  const operator: Operator = offered.includes(c.operator) ? c.operator : offered[0]!;
  return {
    kind: 'condition',
    field,
    operator,
    value: defaultValue(operator, f?.type, f?.className),
  };
}

/** The condition with another operator; the value is kept when it has the same shape. */
export function withOperator(c: Condition, operator: Operator, fields: FieldTypes): Condition {
  const f = fields[c.field];
  const sameShape = (a: Operator, b: Operator) => shape(a) === shape(b);
  const value = sameShape(c.operator, operator) ? c.value : defaultValue(operator, f?.type, f?.className);
  return { ...c, operator, value };
}

function shape(o: Operator): string {
  if (['eq', 'ne', 'lt', 'lte', 'gt', 'gte'].includes(o)) return 'scalar';
  if (['in', 'nin', 'all'].includes(o)) return 'list';
  if (o === 'select' || o === 'dontSelect') return 'select';
  return o;
}
