import { isPlainObject, LcCode, pointerValueSchema } from '@switchboard/shared';
import type { PointerValue } from '@switchboard/shared';
import { badRequest } from '../http/errors';

/** What a write does to one relation field, applied to lc_relations after the row is written. */
export interface RelationChange {
  field: string;
  className: string;
  add: string[];
  remove: string[];
  /** The field was deleted: drop every member first. */
  clear: boolean;
}

export const MAX_RELATION_OBJECTS = 1000;

const invalid = (field: string, why: string) =>
  badRequest(LcCode.InvalidRelation, `Invalid relation data for '${field}': ${why}.`);

export function isRelationOp(name: string): name is 'AddRelation' | 'RemoveRelation' {
  return name === 'AddRelation' || name === 'RemoveRelation';
}

function pointersOf(op: Record<string, unknown>, field: string): PointerValue[] {
  if (!Array.isArray(op.objects) || op.objects.length === 0)
    throw invalid(field, '"objects" must be a non-empty array of Pointers');
  if (op.objects.length > MAX_RELATION_OBJECTS)
    throw invalid(field, `at most ${MAX_RELATION_OBJECTS} objects per operation`);
  return op.objects.map((o) => {
    const r = pointerValueSchema.safeParse(o);
    if (!r.success) throw invalid(field, 'every object must be a Pointer {__type, className, objectId}');
    return r.data;
  });
}

/**
 * Applies an AddRelation / RemoveRelation to a field's change set. `current` is the field's
 * value ({__type: Relation, className} when it already is a relation).
 */
export function applyRelationOp(
  change: RelationChange | undefined,
  current: unknown,
  op: Record<string, unknown> & { __op: 'AddRelation' | 'RemoveRelation' },
  field: string,
): RelationChange {
  const pointers = pointersOf(op, field);
  const classes = new Set(pointers.map((p) => p.className));
  const known =
    isPlainObject(current) && current.__type === 'Relation' ? String(current.className) : undefined;
  const className = change?.className ?? known ?? pointers[0]?.className ?? '';
  if (classes.size > 1 || !classes.has(className)) {
    throw invalid(field, `all objects of a relation belong to one class (${className})`);
  }
  const next = change ?? { field, className, add: [], remove: [], clear: false };
  for (const p of pointers) {
    if (op.__op === 'AddRelation') {
      next.remove = next.remove.filter((id) => id !== p.objectId);
      if (!next.add.includes(p.objectId)) next.add.push(p.objectId);
    } else {
      next.add = next.add.filter((id) => id !== p.objectId);
      if (!next.remove.includes(p.objectId)) next.remove.push(p.objectId);
    }
  }
  return next;
}
