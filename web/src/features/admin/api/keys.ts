import type { AuditFilter } from '@switchboard/shared';

/** Query keys of the admin area, defined once. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  audit: (filter: AuditFilter) => [...adminKeys.all, 'audit', filter] as const,
};
