import type { Permission } from '@switchboard/shared';
import { ADMIN_PAGES } from '../../lib/paths';
import type { AdminPage } from '../../lib/paths';

/** The console-wide permission each admin page needs. */
export const ADMIN_PAGE_NEEDS: Record<AdminPage, Permission> = {
  users: 'console_users.manage',
  audit: 'audit.read',
};

/** The admin pages a session's console-wide permissions open (the server checks again). */
export function visibleAdminPages(permissions: readonly Permission[]): AdminPage[] {
  return ADMIN_PAGES.filter((page) => permissions.includes(ADMIN_PAGE_NEEDS[page]));
}
