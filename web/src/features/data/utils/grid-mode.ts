import { keysetSort } from '../grid/keyset';
import type { KeysetSort } from '../grid/keyset';
import { readPaging } from './paging';
import type { PageSize, Paging } from './paging';

/**
 * How the grid walks the result: scrolling through all of it block by block (the default when the
 * sort allows a keyset seek), or page by page (asked for with `pageSize`/`page` in the URL, and
 * the only way for sorts a seek cannot continue, e.g. on several fields or on a dotted path).
 */
export type GridMode = { kind: 'scroll'; sort: KeysetSort } | { kind: 'pages'; paging: Paging };

/**
 * Whether `keys` (comma-separated, `-` leaving a field out) keep a field out of the rows, or keep
 * only part of it (a.b): a seek on a sort by that field would have no value to start from.
 */
export function hiddenBy(keys: string | null | undefined): (field: string) => boolean {
  const list = (keys ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const kept = list.filter((k) => !k.startsWith('-'));
  return (field) => list.includes(`-${field}`) || (kept.length > 0 && !kept.includes(field));
}

export function gridMode(params: URLSearchParams, order: string): GridMode {
  const sort = keysetSort(order, hiddenBy(params.get('keys')));
  if (sort && !params.has('pageSize') && !params.has('page')) return { kind: 'scroll', sort };
  return { kind: 'pages', paging: readPaging(params) };
}

/** Whether scrolling through everything can be offered for this order and these keys. */
export const canScroll = (order: string, keys?: string) => keysetSort(order, hiddenBy(keys)) !== undefined;

/**
 * New search params for a choice in the pager: 'scroll' drops paging from the URL; a page size
 * is always written, even the default one, since without it the grid would scroll.
 */
export function writeGridMode(params: URLSearchParams, choice: 'scroll' | PageSize): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (choice === 'scroll') next.delete('pageSize');
  else next.set('pageSize', String(choice));
  return next;
}

/** New search params showing page `page` of the current page size, kept explicit in the URL. */
export function writePage(params: URLSearchParams, paging: Paging, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('pageSize', String(paging.pageSize));
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}
