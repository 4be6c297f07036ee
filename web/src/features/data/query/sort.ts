/** Sort keys as the API's `order` takes them: `field` ascending, `-field` descending. */
export type Order = readonly string[];

export type SortDirection = 'asc' | 'desc';

const fieldOf = (key: string) => (key.startsWith('-') ? key.slice(1) : key);

/** The direction a field is sorted in, and its 1-based rank among the keys; undefined if unsorted. */
export function sortOf(order: Order, field: string): { direction: SortDirection; rank: number } | undefined {
  const i = order.findIndex((k) => fieldOf(k) === field);
  if (i < 0) return undefined;
  return { direction: order[i]!.startsWith('-') ? 'desc' : 'asc', rank: i + 1 };
}

/**
 * A click on a column header: ascending, then descending, then unsorted. A plain click sorts by
 * that column alone; an additive one (shift-click) keeps the other keys, changing this column in
 * place or appending it as the last key.
 */
export function toggleSort(order: Order, field: string, additive: boolean): string[] {
  const current = sortOf(order, field)?.direction;
  const next = current === undefined ? field : current === 'asc' ? `-${field}` : undefined;
  if (!additive) return next === undefined ? [] : [next];
  if (current === undefined) return [...order, field];
  return order.flatMap((k) => (fieldOf(k) === field ? (next === undefined ? [] : [next]) : [k]));
}

export const parseOrder = (text: string): string[] =>
  text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '' && k !== '-');
