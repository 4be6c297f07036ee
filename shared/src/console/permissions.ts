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
  'push.read',
  'push.write',
  'installations.read',
  'im.read',
  'im.moderate',
  'im.broadcast',
  'console_users.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

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
  ],
  operator: ['push.read', 'push.write', 'installations.read', 'im.read', 'im.broadcast', 'schema.read'],
  support: ['users.read', 'im.read', 'im.moderate', 'schema.read'],
  viewer: READ_ALL,
};

export function roleHas(role: ConsoleRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
