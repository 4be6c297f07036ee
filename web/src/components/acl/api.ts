import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryResponseSchema } from '@switchboard/shared';
import type { StoredObject } from '@switchboard/shared';
import { upstreamGet } from '../../lib/api';
import { escapeRegex, searchWhere } from '../../lib/search';
import { ROLE_NAME } from './acl';

/**
 * Query keys of the app's users and roles as ACLs name them, under one root per app: the roles
 * pages invalidate it when they create or delete a role.
 */
export const principalKeys = {
  all: (app: string) => ['principals', app] as const,
  userSearch: (app: string, text: string) => [...principalKeys.all(app), 'user-search', text] as const,
  roleSearch: (app: string, text: string) => [...principalKeys.all(app), 'role-search', text] as const,
  usernames: (app: string, ids: readonly string[]) => [...principalKeys.all(app), 'usernames', ids] as const,
  roleNames: (app: string, names: readonly string[]) =>
    [...principalKeys.all(app), 'role-names', names] as const,
};

export interface UserSummary {
  objectId: string;
  username: string;
}

async function find(
  app: string,
  path: '/1.1/users' | '/1.1/roles',
  query: { where: unknown; keys: string; limit: number; order?: string },
  signal: AbortSignal,
): Promise<StoredObject[]> {
  const res = await upstreamGet(app, path, queryResponseSchema, {
    query: { ...query, where: JSON.stringify(query.where) },
    signal,
  });
  return res.results;
}

const textOf = (o: StoredObject, key: string): string => (typeof o[key] === 'string' ? o[key] : o.objectId);
const toUser = (o: StoredObject): UserSummary => ({ objectId: o.objectId, username: textOf(o, 'username') });

/** Up to ten users whose username starts with the text, or whose objectId is it. */
export const useUserSearch = (app: string, text: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: principalKeys.userSearch(app, text),
    queryFn: async ({ signal }) =>
      (
        await find(
          app,
          '/1.1/users',
          { where: searchWhere(text, ['username']), keys: 'username', order: 'username', limit: 10 },
          signal,
        )
      ).map(toUser),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Up to ten role names starting with the text, whatever its case. */
export const useRoleSearch = (app: string, text: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: principalKeys.roleSearch(app, text),
    queryFn: async ({ signal }) => {
      const where = text ? { name: { $regex: `^${escapeRegex(text)}`, $options: 'i' } } : {};
      const found = await find(app, '/1.1/roles', { where, keys: 'name', order: 'name', limit: 10 }, signal);
      return found.map((r) => textOf(r, 'name'));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

const sorted = (list: readonly string[]) => [...new Set(list)].sort();

/** The usernames of the users with these objectIds; an id missing from the map names nobody. */
export const useUsernames = (app: string, ids: readonly string[]) => {
  const wanted = sorted(ids);
  return useQuery({
    queryKey: principalKeys.usernames(app, wanted),
    queryFn: async ({ signal }) => {
      const where = { objectId: { $in: wanted } };
      const found = await find(app, '/1.1/users', { where, keys: 'username', limit: wanted.length }, signal);
      return new Map(found.map((u) => [u.objectId, textOf(u, 'username')]));
    },
    enabled: wanted.length > 0,
    staleTime: 30_000,
  });
};

/**
 * The roles whose names equal one of `names` ignoring case: the exact ones exist, the others are
 * what a name differing only in case was probably meant to be. Role names are letters, digits,
 * "_" and "-", so each is matched as itself.
 */
export const useRolesNamed = (app: string, names: readonly string[]) => {
  const wanted = sorted(names.filter((n) => ROLE_NAME.test(n)));
  return useQuery({
    queryKey: principalKeys.roleNames(app, wanted),
    queryFn: async ({ signal }) => {
      const where = { $or: wanted.map((n) => ({ name: { $regex: `^${n}$`, $options: 'i' } })) };
      const found = await find(app, '/1.1/roles', { where, keys: 'name', limit: 1000 }, signal);
      return found.map((r) => textOf(r, 'name'));
    },
    enabled: wanted.length > 0,
    staleTime: 30_000,
  });
};
