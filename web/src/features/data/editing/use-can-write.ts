import { useQuery } from '@tanstack/react-query';
import type { SessionResponse } from '@switchboard/shared';

/** The session query's key as the auth feature caches it (features do not import each other). */
const SESSION_KEY = ['auth', 'session'] as const;

/** Whether the signed-in user's role in `app` may write data. */
export function canWriteData(session: SessionResponse | null | undefined, app: string): boolean {
  return session?.appPermissions[app]?.includes('data.write') ?? false;
}

/**
 * Reads the session the shell has already loaded, without fetching it again. Only hides controls:
 * the BFF refuses writes without the permission whatever the page shows.
 */
export function useCanWriteData(app: string): boolean {
  const session = useQuery<SessionResponse | null>({ queryKey: SESSION_KEY, enabled: false });
  return canWriteData(session.data, app);
}
