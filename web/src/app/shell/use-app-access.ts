import { useQuery } from '@tanstack/react-query';
import { roleForApp } from '@switchboard/shared';
import type { ConsoleRole, Permission } from '@switchboard/shared';
import { capabilitiesQueryOptions } from '../../lib/api/capabilities';
import { useSession } from '../../lib/session';
import type { KnownCapabilities } from './app-areas';

export interface AppAccess {
  /** The user's role in the app (its own there, else the console-wide one). */
  role: ConsoleRole | undefined;
  permissions: readonly Permission[];
  caps: KnownCapabilities;
}

const NONE: readonly Permission[] = [];

/**
 * What the signed-in user may do in `app` and what the app offers: the inputs of the menu, the
 * landing page and the area gates. Only the bff decides; this keeps the console from offering
 * what it would refuse.
 */
export function useAppAccess(app: string): AppAccess {
  const session = useSession().data;
  const caps = useQuery(capabilitiesQueryOptions(app));
  return {
    role: session ? roleForApp(session.user, app) : undefined,
    permissions: session?.appPermissions[app] ?? NONE,
    caps: caps.isPending ? undefined : (caps.data ?? null),
  };
}
