import { queryOptions, useQuery } from '@tanstack/react-query';
import { capabilitiesResponseSchema, consoleRoutes, sessionResponseSchema } from '@switchboard/shared';
import type { SessionResponse } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';
import { userKeys } from './keys';

/** The session query's key as the auth feature caches it (features do not import each other). */
const SESSION_KEY = ['auth', 'session'] as const;

export function canWriteUsers(session: SessionResponse | null | undefined, app: string): boolean {
  return session?.appPermissions[app]?.includes('users.write') ?? false;
}

/**
 * Whether the signed-in user's role in `app` may change users. Only hides controls: the BFF refuses
 * writes without the permission whatever the page shows.
 */
export function useCanWriteUsers(app: string): boolean {
  const session = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => apiRequest(consoleRoutes.getSession.path, { schema: sessionResponseSchema }),
    staleTime: 5 * 60_000,
  });
  // The auth feature stores null for "signed out" under the same key.
  return canWriteUsers(session.data, app);
}

/**
 * What the app's upstream offers. Only our server has schema writes, and only it keeps an outbox
 * of the mail it would have sent; a LeanCloud app mails for real and has no outbox.
 */
export const capabilitiesQueryOptions = (app: string) =>
  queryOptions({
    queryKey: userKeys.capabilities(app),
    queryFn: ({ signal }) =>
      apiRequest(consoleRoutes.appCapabilities.path.replace(':app', encodeURIComponent(app)), {
        schema: capabilitiesResponseSchema,
        signal,
      }),
    staleTime: 60_000,
  });
