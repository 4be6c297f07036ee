import type { UserSearch } from '../utils/search';

/**
 * Query keys of an app's users, defined once. Every read about the app's users sits under
 * `all(app)`, so a create or delete refreshes the search results and the user page together.
 */
export const userKeys = {
  all: (app: string) => ['users', app] as const,
  search: (app: string, search: UserSearch, page: number) =>
    [...userKeys.all(app), 'search', search, page] as const,
  detail: (app: string, objectId: string) => [...userKeys.all(app), 'user', objectId] as const,
};
