import type { ConsoleRole } from '@switchboard/shared';

/** Per app: a role of its own, or '' for "as the console-wide role". */
export type AppRoleChoices = Record<string, ConsoleRole | ''>;

/** The choices as the server takes them: only the apps given a role of their own. */
export function toAppRoles(choices: AppRoleChoices): Record<string, ConsoleRole> {
  const out: Record<string, ConsoleRole> = {};
  for (const [app, role] of Object.entries(choices)) if (role) out[app] = role;
  return out;
}

/** "default: Viewer, shop: Admin", with role names given by `label`. */
export function describeAppRoles(
  appRoles: Record<string, ConsoleRole>,
  label: (role: ConsoleRole) => string,
): string {
  return Object.entries(appRoles)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([app, role]) => `${app}: ${label(role)}`)
    .join(', ');
}
