// The admin pages, loaded on demand by their routes (see app/routes.tsx).
export { ConsoleUsersPage } from './components/ConsoleUsersPage';
export { AuditLogPage } from './components/AuditLogPage';
