import type { StoredObject } from '@switchboard/shared';

/** The fields the server keeps in an index with objectId (createdAt, updatedAt) or is itself. */
const KEYSET_FIELDS = new Set(['createdAt', 'updatedAt', 'objectId']);

/** A sort the grid can continue from a row without skip: one indexed field, objectId breaking ties. */
export interface KeysetSort {
  field: 'createdAt' | 'updatedAt' | 'objectId';
  desc: boolean;
}

/**
 * The keyset form of an `order` (comma-separated, `-` for descending), or undefined when the
 * server cannot seek on it: one of createdAt, updatedAt, objectId, optionally followed by
 * objectId in the same direction (the server's own tie-breaker).
 */
export function keysetSort(order: string): KeysetSort | undefined {
  const terms = order
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const first = terms[0];
  if (!first || terms.length > 2) return undefined;
  const desc = first.startsWith('-');
  const field = desc ? first.slice(1) : first;
  if (!KEYSET_FIELDS.has(field)) return undefined;
  if (terms.length === 2 && terms[1] !== (desc ? '-objectId' : 'objectId')) return undefined;
  return { field: field as KeysetSort['field'], desc };
}

/** The `order` text of a keyset sort, optionally read backwards. */
export function keysetOrder(sort: KeysetSort, backwards = false): string {
  return (sort.desc !== backwards ? '-' : '') + sort.field;
}

function sortValue(row: StoredObject, field: KeysetSort['field']): unknown {
  const v = row[field];
  if (typeof v !== 'string') return undefined;
  return field === 'objectId' ? v : { __type: 'Date', iso: v };
}

/**
 * The `where` of the rows that come after `row` in the sort (before it when `backwards`), joined
 * with the user's `where`. The form `f <= v AND (f < v OR objectId < id)` (for a descending sort)
 * keeps a plain range on `f`, so the (f, objectId) index starts at `v` instead of filtering every
 * row before it. Undefined when the row lacks the sort value (e.g. left out by `keys`).
 */
export function keysetWhere(
  sort: KeysetSort,
  row: StoredObject,
  userWhere: string | undefined,
  backwards = false,
): string | undefined {
  const value = sortValue(row, sort.field);
  if (value === undefined) return undefined;
  const down = sort.desc !== backwards;
  const [strict, loose] = down ? ['$lt', '$lte'] : ['$gt', '$gte'];
  const cursor =
    sort.field === 'objectId'
      ? { objectId: { [strict]: value } }
      : {
          [sort.field]: { [loose]: value },
          $or: [{ [sort.field]: { [strict]: value } }, { objectId: { [strict]: row.objectId } }],
        };
  const user = userWhere ? (JSON.parse(userWhere) as Record<string, unknown>) : {};
  return JSON.stringify(Object.keys(user).length === 0 ? cursor : { $and: [user, cursor] });
}
