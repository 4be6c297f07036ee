import { queryResponseSchema } from '@switchboard/shared';
import type { StoredObject } from '@switchboard/shared';
import { upstreamGet } from '../../../lib/api';

export const pointer = (className: '_User' | '_Role', objectId: string) => ({
  __type: 'Pointer',
  className,
  objectId,
});

/** Everything about who is in a role fits one page: the console caps a listing at 1,000. */
export const PAGE = 1000;

/** A query of roles or users (the two built-in paths of Doc 1), `where` as an object. */
export async function queryBuiltin(
  app: string,
  path: '/1.1/roles' | '/1.1/users',
  query: { where?: unknown; keys: string; order?: string; limit?: number; returnACL?: boolean },
  signal?: AbortSignal,
): Promise<StoredObject[]> {
  const res = await upstreamGet(app, path, queryResponseSchema, {
    query: {
      where: query.where === undefined ? undefined : JSON.stringify(query.where),
      keys: query.keys,
      order: query.order,
      limit: query.limit ?? PAGE,
      returnACL: query.returnACL ? 'true' : undefined,
    },
    signal,
  });
  return res.results;
}

export const textOf = (o: StoredObject, key: string): string =>
  typeof o[key] === 'string' ? o[key] : o.objectId;
