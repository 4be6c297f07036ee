import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryResponseSchema } from '@switchboard/shared';
import { upstreamGet } from '../../../lib/api';
import { classKeys } from './keys';
import type { ObjectsQuery } from './keys';

/**
 * One page of a class's objects matching the query (GET /1.1/classes/<className>). Without the
 * count: counting a large class takes far longer than its first rows, so it is asked separately.
 * With the ACLs (`returnACL`): the grid shows them and its ACL editor starts from the stored one.
 */
export const getObjects = (app: string, className: string, query: ObjectsQuery, signal?: AbortSignal) =>
  upstreamGet(app, `/1.1/classes/${encodeURIComponent(className)}`, queryResponseSchema, {
    query: {
      skip: query.skip,
      limit: query.limit,
      order: query.order || undefined,
      where: query.where,
      keys: query.keys,
      include: query.include,
      returnACL: 'true',
    },
    signal,
  });

function isSameClass(key: readonly unknown[], detail: readonly unknown[]): boolean {
  return detail.every((part, i) => key[i] === part);
}

export const objectsQueryOptions = (app: string, className: string, query: ObjectsQuery) =>
  queryOptions({
    queryKey: classKeys.objects(app, className, query),
    queryFn: ({ signal }) => getObjects(app, className, query, signal),
    // Keep showing the current page while the next page of the same class loads, instead of
    // flashing a spinner; another class's rows would not fit this class's columns.
    placeholderData: (previous, previousQuery) =>
      previousQuery && isSameClass(previousQuery.queryKey, classKeys.detail(app, className))
        ? previous
        : undefined,
  });

export const useObjects = (app: string, className: string, query: ObjectsQuery) =>
  useQuery(objectsQueryOptions(app, className, query));
