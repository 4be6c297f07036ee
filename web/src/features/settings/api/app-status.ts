import { queryOptions, useQuery } from '@tanstack/react-query';
import { appHealthResponseSchema, consoleRoutes } from '@switchboard/shared';
import { apiRequest, callRoute } from '../../../lib/api';
import { capabilitiesQueryOptions } from '../../../lib/api/capabilities';
import { settingsKeys } from './keys';

const appPath = (path: string, app: string) => path.replace(':app', encodeURIComponent(app));

/** The configured apps (names and ids); the same cache entry as the app selector's. */
export const useConfiguredApps = () =>
  useQuery({
    queryKey: ['apps', 'list'],
    queryFn: () => callRoute(consoleRoutes.listApps),
    staleTime: 5 * 60_000,
    select: (r) => r.apps,
  });

export const appHealthQueryOptions = (app: string) =>
  queryOptions({
    queryKey: settingsKeys.health(app),
    queryFn: ({ signal }) =>
      apiRequest(appPath(consoleRoutes.appHealth.path, app), { schema: appHealthResponseSchema, signal }),
  });

export const useAppHealth = (app: string) => useQuery(appHealthQueryOptions(app));

/** The same query, and cache entry, as the data browser's and the users area's. */
export const useAppCapabilities = (app: string) => useQuery(capabilitiesQueryOptions(app));
