import { parseWhereParam } from '@switchboard/shared';
import type { ObjectsQuery } from '../api/keys';
import { pageQuery, readPaging } from '../utils/paging';
import type { Paging } from '../utils/paging';
import { parseOrder } from './sort';
import type { WhereObject } from '../../../components/query-builder/where';

/** Newest first: what someone opening a class usually looks for. */
export const DEFAULT_ORDER: readonly string[] = ['-createdAt'];

/**
 * The data browser's whole query, kept in the URL (`?where={...}&order=-a,b&keys=a,b&include=c`
 * next to utils/paging's `page` and `pageSize`) so deep links, saved views and back/forward work.
 */
export interface DataQuery {
  where: WhereObject;
  /** Why the URL's `where` is not used, when it is not valid. */
  whereError?: string;
  order: string[];
  keys: string[];
  include: string[];
  paging: Paging;
}

export type QueryChange = Partial<Pick<DataQuery, 'where' | 'order' | 'keys' | 'include'>>;

const list = (v: string | null) => (v ? parseOrder(v) : []);

function readWhere(raw: string | null): Pick<DataQuery, 'where' | 'whereError'> {
  if (!raw) return { where: {} };
  try {
    parseWhereParam(raw);
    return { where: JSON.parse(raw) as WhereObject };
  } catch (e) {
    return { where: {}, whereError: e instanceof Error ? e.message : String(e) };
  }
}

export function readDataQuery(params: URLSearchParams): DataQuery {
  const order = params.get('order');
  return {
    ...readWhere(params.get('where')),
    order: order === null ? [...DEFAULT_ORDER] : list(order),
    keys: list(params.get('keys')),
    include: list(params.get('include')),
    paging: readPaging(params),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * New search params with the query changed and every other parameter kept. Another query shows
 * other rows, so paging starts again at page 1. Defaults are left out of the URL; an explicitly
 * unsorted grid is `order=` (empty), since no `order` means the default.
 */
export function writeDataQuery(params: URLSearchParams, change: QueryChange): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.where !== undefined) {
    if (Object.keys(change.where).length === 0) next.delete('where');
    else next.set('where', JSON.stringify(change.where));
  }
  if (change.order !== undefined) {
    if (sameList(change.order, DEFAULT_ORDER)) next.delete('order');
    else next.set('order', change.order.join(','));
  }
  for (const name of ['keys', 'include'] as const) {
    const value = change[name];
    if (value === undefined) continue;
    if (value.length === 0) next.delete(name);
    else next.set(name, value.join(','));
  }
  next.delete('page');
  return next;
}

/** The request for one page of objects. */
export function toObjectsQuery(q: DataQuery): ObjectsQuery {
  const query: ObjectsQuery = { ...pageQuery(q.paging), order: q.order.join(',') };
  if (Object.keys(q.where).length > 0) query.where = JSON.stringify(q.where);
  if (q.keys.length > 0) query.keys = q.keys.join(',');
  if (q.include.length > 0) query.include = q.include.join(',');
  return query;
}
