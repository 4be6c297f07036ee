import type { QueryClient } from '@tanstack/react-query';
import { prefetchFirstBlock } from './api/get-object-blocks';
import { objectsQueryOptions } from './api/get-objects';
import { schemasQueryOptions } from './api/get-schemas';
import { gridLayoutQueryOptions } from './layout/api';
import { readDataQuery, toObjectsQuery } from './query/url-state';
import { gridMode } from './utils/grid-mode';

/**
 * Starts what a class page opened by its URL needs first (its first rows, the schemas, the
 * user's column layout) as soon as the console's code runs. Otherwise they wait for the session,
 * the shell and the data browser's own code to load and render, which on a busy machine is most
 * of the time to the first rows. The page then finds them under way in the query cache, under
 * the same keys it asks with.
 */
export function prefetchClassPage(
  queryClient: QueryClient,
  app: string,
  className: string,
  params: URLSearchParams,
): void {
  const query = toObjectsQuery(readDataQuery(params));
  const mode = gridMode(params, query.order);
  if (mode.kind === 'scroll') {
    const base = { order: query.order, where: query.where, keys: query.keys, include: query.include };
    prefetchFirstBlock(queryClient, app, className, base, mode.sort);
  } else {
    void queryClient.prefetchQuery(objectsQueryOptions(app, className, query));
  }
  void queryClient.prefetchQuery(schemasQueryOptions(app));
  void queryClient.prefetchQuery(gridLayoutQueryOptions(app, className));
}
