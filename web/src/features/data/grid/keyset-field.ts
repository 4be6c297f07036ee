import { isPlainObject } from '@switchboard/shared';
import type { StoredObject } from '@switchboard/shared';

/**
 * Keyset seeks on a sort by one of the class's own fields (not createdAt/updatedAt/objectId).
 * The server orders them `f ASC NULLS FIRST, id ASC` or `f DESC NULLS LAST, id ASC` (as LeanCloud's
 * MongoDB did: a missing or null value is the lowest), so a seek must place null and missing
 * values at the low end and break ties on objectId ascending whatever the field's direction.
 */

/** A top-level field: a dotted path may mix value types, which range operators do not order. */
const TOP_LEVEL = /^[A-Za-z][A-Za-z0-9_]*$/;

export const isSeekableField = (field: string) => TOP_LEVEL.test(field);

/** The `order` of a field sort with its tie-breaker written out, read backwards when asked. */
export function fieldOrder(field: string, desc: boolean, backwards: boolean): string {
  return backwards ? `${desc ? '' : '-'}${field},-objectId` : `${desc ? '-' : ''}${field},objectId`;
}

/**
 * The row's value as a range operand: numbers, strings and Dates compare as the server sorts
 * them; null stands for null and missing alike. Undefined for other types (booleans, pointers,
 * objects...), whose range comparison would not follow the sort: the caller then seeks by skip.
 */
function operand(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (isPlainObject(value) && value.__type === 'Date' && typeof value.iso === 'string')
    return { __type: 'Date', iso: value.iso };
  return undefined;
}

/**
 * The `where` of the rows after `row` when walking the field's values downwards (`down`) or
 * upwards, with ties walked by objectId upwards (forwards) or downwards (`backwards`).
 */
export function fieldCursor(
  field: string,
  row: StoredObject,
  down: boolean,
  backwards: boolean,
): Record<string, unknown> | undefined {
  const v = operand(row[field]);
  if (v === undefined) return undefined;
  const tie = { objectId: { [backwards ? '$lt' : '$gt']: row.objectId } };
  if (v === null) {
    // Null values are the lowest: walking down they come last, walking up first.
    return down
      ? { [field]: null, ...tie }
      : { $or: [{ [field]: null, ...tie }, { [field]: { $ne: null } }] };
  }
  const branches: Record<string, unknown>[] = [
    { [field]: { [down ? '$lt' : '$gt']: v } },
    { [field]: v, ...tie },
  ];
  if (down) branches.push({ [field]: null });
  return { $or: branches };
}
