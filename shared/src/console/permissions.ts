/** Console roles and what each may do (DESIGN.md "Who uses it, for what"). */
export const CONSOLE_ROLES = ['admin', 'developer', 'operator', 'support', 'viewer'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export const PERMISSIONS = [
  'data.read',
  'data.write',
  'schema.read',
  'schema.write',
  'users.read',
  'users.write',
  'roles.read',
  'roles.write',
  'files.read',
  'files.write',
  'export.run',
  /** Moving data into the app: uploaded exports and live copies (the migration wizard). */
  'migrate.run',
  'push.read',
  'push.write',
  'installations.read',
  'im.read',
  'im.moderate',
  'im.broadcast',
  'secrets.read',
  'console_users.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Permissions over the console itself, held through a user's console-wide role. All the others
 * are over one app's data and come from the user's role for that app (which an admin may set per
 * app; without one, the console-wide role applies).
 */
export const CONSOLE_PERMISSIONS: readonly Permission[] = ['console_users.manage', 'audit.read'];
export const isConsolePermission = (p: Permission): boolean => CONSOLE_PERMISSIONS.includes(p);

const READ_ALL: readonly Permission[] = [
  'data.read',
  'schema.read',
  'users.read',
  'roles.read',
  'files.read',
  'push.read',
  'installations.read',
  'im.read',
];

export const ROLE_PERMISSIONS: Record<ConsoleRole, readonly Permission[]> = {
  admin: PERMISSIONS,
  developer: [
    ...READ_ALL,
    'data.write',
    'schema.write',
    'users.write',
    'roles.write',
    'files.write',
    'export.run',
    'migrate.run',
    'secrets.read',
  ],
  operator: ['push.read', 'push.write', 'installations.read', 'im.read', 'im.broadcast', 'schema.read'],
  support: ['users.read', 'im.read', 'im.moderate', 'schema.read'],
  viewer: READ_ALL,
};

export function roleHas(role: ConsoleRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** A console user's roles: one console-wide, and optionally a different one for some apps. */
export interface RoleHolder {
  role: ConsoleRole;
  appRoles: Partial<Record<string, ConsoleRole>>;
}

/** The role that applies to `app` (the console-wide role when the app has none of its own). */
export const roleForApp = (user: RoleHolder, app: string): ConsoleRole => user.appRoles[app] ?? user.role;

/** Whether the user holds a console permission, or an app permission in `app`. */
export function userHas(user: RoleHolder, permission: Permission, app?: string): boolean {
  if (isConsolePermission(permission)) return roleHas(user.role, permission);
  return app !== undefined && roleHas(roleForApp(user, app), permission);
}

/** The app permissions a role gives (the console ones are never per app). */
export const appPermissionsOf = (role: ConsoleRole): Permission[] =>
  ROLE_PERMISSIONS[role].filter((p) => !isConsolePermission(p));
