import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryResponseSchema } from '@switchboard/shared';
import { ConsoleApiError, upstreamGet } from '../../../lib/api';
import { classKeys } from './keys';

/**
 * The number of objects in a class, or of those matching `where` (its JSON): `count=1&limit=0`
 * asks for the count alone.
 */
export async function getClassCount(
  app: string,
  className: string,
  signal?: AbortSignal,
  where?: string,
): Promise<number> {
  const path = `/1.1/classes/${encodeURIComponent(className)}` as const;
  const res = await upstreamGet(app, path, queryResponseSchema, {
    query: { where, count: 1, limit: 0 },
    signal,
  });
  if (res.count === undefined) {
    throw new ConsoleApiError({
      code: 'bad_response',
      message: `no count in the answer for ${className}`,
      status: 200,
    });
  }
  return res.count;
}

export const classCountQueryOptions = (app: string, className: string, where?: string) =>
  queryOptions({
    queryKey: classKeys.count(app, className, where),
    queryFn: ({ signal }) => getClassCount(app, className, signal, where),
  });

export const useClassCount = (app: string, className: string) =>
  useQuery(classCountQueryOptions(app, className));
