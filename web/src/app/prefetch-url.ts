import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { prefetchClassPage } from '../features/data/prefetch';
import { sessionQueryOptions } from '../lib/session';

/**
 * Starts the requests the page at the address the console was opened with needs first, before
 * the router has loaded that page's code: the router renders nothing (not even the session check)
 * until then, which for a deep link into the data browser is most of the wait. Every page needs
 * the session; the data browser's class pages also their first rows, schemas and layout.
 */
export function prefetchOpenedUrl(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  void queryClient.prefetchQuery(sessionQueryOptions());
  const match = matchPath('/apps/:app/data/:className', location.pathname);
  const { app, className } = match?.params ?? {};
  if (app && className) prefetchClassPage(queryClient, app, className, new URLSearchParams(location.search));
}
