import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryResponseSchema, storedObjectSchema } from '@switchboard/shared';
import { upstreamGet } from '../../../lib/api';
import { searchWhere } from '../utils/search';
import type { UserSearch } from '../utils/search';
import type { UserRecord } from '../utils/user-fields';
import { userKeys } from './keys';

export const PAGE_SIZE = 50;

/**
 * One page of users matching the search, newest first. One more than a page is asked for, so the
 * page knows whether a next one exists without counting the whole class.
 */
export const searchUsers = async (app: string, search: UserSearch, page: number, signal?: AbortSignal) => {
  const where = searchWhere(search);
  const res = await upstreamGet(app, '/1.1/users', queryResponseSchema, {
    query: {
      where: Object.keys(where).length > 0 ? JSON.stringify(where) : undefined,
      order: '-createdAt',
      skip: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE + 1,
    },
    signal,
  });
  return { users: res.results.slice(0, PAGE_SIZE) as UserRecord[], hasMore: res.results.length > PAGE_SIZE };
};

export const useUserSearch = (app: string, search: UserSearch, page: number) =>
  useQuery({
    queryKey: userKeys.search(app, search, page),
    queryFn: ({ signal }) => searchUsers(app, search, page, signal),
    // The current results stay while the next page or search loads, instead of a spinner.
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (app: string, objectId: string) =>
  queryOptions({
    queryKey: userKeys.detail(app, objectId),
    queryFn: async ({ signal }) =>
      (await upstreamGet(app, `/1.1/users/${encodeURIComponent(objectId)}`, storedObjectSchema, {
        signal,
      })) as UserRecord,
  });

export const useUser = (app: string, objectId: string) => useQuery(userQueryOptions(app, objectId));
