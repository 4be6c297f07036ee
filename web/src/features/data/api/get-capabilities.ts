import { queryOptions, useQuery } from '@tanstack/react-query';
import { capabilitiesResponseSchema, consoleRoutes } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';
import { useAppPermission } from '../../../lib/session';
import { classKeys } from './keys';

/** What the app's upstream offers (GET /api/apps/:app/capabilities). */
export const getCapabilities = (app: string, signal?: AbortSignal) =>
  apiRequest(consoleRoutes.appCapabilities.path.replace(':app', encodeURIComponent(app)), {
    schema: capabilitiesResponseSchema,
    signal,
  });

export const capabilitiesQueryOptions = (app: string) =>
  queryOptions({
    queryKey: classKeys.capabilities(app),
    queryFn: ({ signal }) => getCapabilities(app, signal),
    staleTime: 60_000,
  });

/** Whether the upstream serves schema writes and class counts (Switchboard does, LeanCloud does not). */
export function useSchemaWriteSupported(app: string): boolean | undefined {
  const caps = useQuery(capabilitiesQueryOptions(app));
  if (caps.error) return false;
  return caps.data?.areas.schemaWrite;
}

/** Whether the class list and page show create, delete and field changes. */
export function useCanWriteSchema(app: string): boolean {
  const supported = useSchemaWriteSupported(app);
  return useAppPermission(app, 'schema.write') && supported === true;
}
