import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { prefetchClassPage } from '../features/data/prefetch';
import { hasAppPermission, sessionQueryOptions } from '../lib/session';

/**
 * Starts the requests the page at the address the console was opened with needs first, before
 * the router has loaded that page's code: the router renders nothing (not even the session check)
 * until then, which for a deep link into the data browser is most of the wait. Every page needs
 * the session; the data browser's class pages also their first rows, schemas and layout, once
 * the session says the role may read data there: a role that may not gets one refusal from the
 * page, not a burst of requests the bff would refuse.
 */
export function prefetchOpenedUrl(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): Promise<void> {
  const session = queryClient.fetchQuery(sessionQueryOptions());
  const match = matchPath('/apps/:app/data/:className', location.pathname);
  const { app, className } = match?.params ?? {};
  // Settled once the requests it decides on are started (tests wait for it; the console does not).
  if (!app || !className) return session.then(() => undefined).catch(() => undefined);
  const params = new URLSearchParams(location.search);
  return (
    session
      .then((s) => {
        if (hasAppPermission(s, app, 'data.read')) prefetchClassPage(queryClient, app, className, params);
      })
      // The page asks again, and shows the failure, when it renders.
      .catch(() => undefined)
  );
}
