import { queryOptions, useQuery } from '@tanstack/react-query';
import { capabilitiesResponseSchema, consoleRoutes, sessionResponseSchema } from '@switchboard/shared';
import type { SessionResponse } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';
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

/**
 * The signed-in user's permissions in one app. Features do not import each other, so this reads
 * the session under the key the auth feature caches it by (the shell loaded it before any page).
 */
const SESSION_KEY = ['auth', 'session'] as const;

export function useAppPermission(app: string, permission: string): boolean {
  const session = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => apiRequest(consoleRoutes.getSession.path, { schema: sessionResponseSchema }),
    staleTime: 5 * 60_000,
  });
  // The auth feature stores null for "signed out" under the same key.
  const data = session.data as SessionResponse | null | undefined;
  return (data?.appPermissions[app] as readonly string[] | undefined)?.includes(permission) ?? false;
}

/** Whether the class list and page show create, delete and field changes. */
export function useCanWriteSchema(app: string): boolean {
  const supported = useSchemaWriteSupported(app);
  return useAppPermission(app, 'schema.write') && supported === true;
}
