import { useQuery } from '@tanstack/react-query';
import type { Permission, SessionResponse } from '@switchboard/shared';

/** The session query's key as the auth feature caches it (features do not import each other). */
const SESSION_KEY = ['auth', 'session'] as const;

/**
 * Whether the signed-in user's role in `app` holds `permission`, from the session the shell has
 * loaded. It only hides controls: the BFF refuses the request anyway.
 */
export function useAppPermission(app: string, permission: Permission): boolean {
  const session = useQuery<SessionResponse | null>({ queryKey: SESSION_KEY, enabled: false });
  return session.data?.appPermissions[app]?.includes(permission) ?? false;
}
