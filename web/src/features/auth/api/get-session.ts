import { queryOptions, useQuery } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { SessionResponse } from '@switchboard/shared';
import { callRoute, ConsoleApiError } from '../../../lib/api';
import { authKeys } from './keys';

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
  queryOptions({ queryKey: authKeys.session(), queryFn: getSession, staleTime: 5 * 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());
