import type { Permission } from '@switchboard/shared';
import { ADMIN_PAGES } from '../../lib/paths';
import type { AdminPage } from '../../lib/paths';

const NEEDS: Record<AdminPage, Permission> = { users: 'console_users.manage', audit: 'audit.read' };

/** The admin pages a session's console-wide permissions open (the server checks again). */
export function visibleAdminPages(permissions: readonly Permission[]): AdminPage[] {
  return ADMIN_PAGES.filter((page) => permissions.includes(NEEDS[page]));
}
