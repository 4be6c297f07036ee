import type { StoredObject } from '@switchboard/shared';
import { fieldCursor, fieldOrder, isSeekableField } from './keyset-field';

/** The fields the server keeps in an index with objectId (createdAt, updatedAt) or is itself. */
const KEYSET_FIELDS = new Set(['createdAt', 'updatedAt', 'objectId']);

/**
 * A sort the grid can continue from a row without skip: createdAt, updatedAt or objectId (indexed,
 * objectId breaking ties the same way), or one of the class's own fields (see keyset-field.ts).
 */
export interface KeysetSort {
  field: string;
  desc: boolean;
}

const isBuiltIn = (field: string) => KEYSET_FIELDS.has(field);

/**
 * The keyset form of an `order` (comma-separated, `-` for descending), or undefined when the grid
 * cannot seek on it. One field, optionally followed by the server's own tie-breaker: objectId in
 * the same direction after createdAt/updatedAt, objectId ascending after other fields. `hidden`
 * says whether the query's keys leave a field out of the rows, whose value the seek needs.
 */
export function keysetSort(
  order: string,
  hidden: (field: string) => boolean = () => false,
): KeysetSort | undefined {
  const terms = order
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const first = terms[0];
  if (!first || terms.length > 2) return undefined;
  const desc = first.startsWith('-');
  const field = desc ? first.slice(1) : first;
  if (isBuiltIn(field)) {
    if (terms.length === 2 && terms[1] !== (desc ? '-objectId' : 'objectId')) return undefined;
    return { field, desc };
  }
  if (!isSeekableField(field) || hidden(field)) return undefined;
  if (terms.length === 2 && terms[1] !== 'objectId') return undefined;
  return { field, desc };
}

/** The `order` text of a keyset sort, optionally read backwards. */
export function keysetOrder(sort: KeysetSort, backwards = false): string {
  if (!isBuiltIn(sort.field)) return fieldOrder(sort.field, sort.desc, backwards);
  return (sort.desc !== backwards ? '-' : '') + sort.field;
}

function sortValue(row: StoredObject, field: string): unknown {
  const v = row[field];
  if (typeof v !== 'string') return undefined;
  return field === 'objectId' ? v : { __type: 'Date', iso: v };
}

function builtInCursor(sort: KeysetSort, row: StoredObject, down: boolean) {
  const value = sortValue(row, sort.field);
  if (value === undefined) return undefined;
  const [strict, loose] = down ? ['$lt', '$lte'] : ['$gt', '$gte'];
  return sort.field === 'objectId'
    ? { objectId: { [strict]: value } }
    : {
        [sort.field]: { [loose]: value },
        $or: [{ [sort.field]: { [strict]: value } }, { objectId: { [strict]: row.objectId } }],
      };
}

/**
 * The `where` of the rows that come after `row` in the sort (before it when `backwards`), joined
 * with the user's `where`. On createdAt/updatedAt the form `f <= v AND (f < v OR objectId < id)`
 * (for a descending sort) keeps a plain range on `f`, so the (f, objectId) index starts at `v`
 * instead of filtering every row before it. Undefined when the row lacks the sort value (e.g. left
 * out by `keys`) or holds one the server's range operators do not order as it sorts.
 */
export function keysetWhere(
  sort: KeysetSort,
  row: StoredObject,
  userWhere: string | undefined,
  backwards = false,
): string | undefined {
  const down = sort.desc !== backwards;
  const cursor = isBuiltIn(sort.field)
    ? builtInCursor(sort, row, down)
    : fieldCursor(sort.field, row, down, backwards);
  if (cursor === undefined) return undefined;
  const user = userWhere ? (JSON.parse(userWhere) as Record<string, unknown>) : {};
  return JSON.stringify(Object.keys(user).length === 0 ? cursor : { $and: [user, cursor] });
}
