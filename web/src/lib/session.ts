import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { Permission, SessionResponse } from '@switchboard/shared';
import { callRoute, ConsoleApiError } from './api';

/**
 * The console session, cached once under one key for every area: the auth feature signs in and
 * out through it, and the other areas read the permissions it carries to decide which controls
 * to show. Only the BFF decides what is allowed; hiding a control is a courtesy.
 */
export const SESSION_KEY = ['auth', 'session'] as const;

/** The signed-in console user, or null when nobody is signed in (401 is an answer, not a failure). */
export async function getSession(): Promise<SessionResponse | null> {
  try {
    return await callRoute(consoleRoutes.getSession);
  } catch (error) {
    if (error instanceof ConsoleApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_KEY, queryFn: getSession, staleTime: 5 * 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());

/** Whether the session's role in `app` holds `permission`. */
export function hasAppPermission(
  session: SessionResponse | null | undefined,
  app: string,
  permission: Permission,
): boolean {
  return session?.appPermissions[app]?.includes(permission) ?? false;
}

/** Whether the signed-in user's role in `app` holds `permission`. */
export function useAppPermission(app: string, permission: Permission): boolean {
  return hasAppPermission(useSession().data, app, permission);
}
