import { queryOptions } from '@tanstack/react-query';
import { capabilitiesResponseSchema, consoleRoutes } from '@switchboard/shared';
import { apiRequest } from './client';

/**
 * Query keys of an app's capabilities. One key outside every feature's own keys, so the data
 * browser, the users area and settings share one cache entry, and invalidating a feature's data
 * (after an import, say) does not refetch what the upstream offers.
 */
export const capabilityKeys = {
  all: ['capabilities'] as const,
  app: (app: string) => [...capabilityKeys.all, app] as const,
};

/**
 * What the app's upstream offers (GET /api/apps/:app/capabilities). Only our server has schema
 * writes, class counts and an outbox of the mail it would have sent; a LeanCloud app has none.
 */
export const getCapabilities = (app: string, signal?: AbortSignal) =>
  apiRequest(consoleRoutes.appCapabilities.path.replace(':app', encodeURIComponent(app)), {
    schema: capabilitiesResponseSchema,
    signal,
  });

/** The upstream does not change under a running console; a minute keeps page changes free of refetches. */
export const capabilitiesQueryOptions = (app: string) =>
  queryOptions({
    queryKey: capabilityKeys.app(app),
    queryFn: ({ signal }) => getCapabilities(app, signal),
    staleTime: 60_000,
  });
