import type { Acl } from '@switchboard/shared';

/** One line of the ACL editor: "*" (public), a user's objectId, or "role:<name>". */
export interface AclRow {
  key: string;
  read: boolean;
  write: boolean;
}

export const PUBLIC = '*';
export const ROLE_PREFIX = 'role:';

/** What a role's name may hold (Doc 1: letters, digits, underscore; LeanCloud also allows "-"). */
export const ROLE_NAME = /^[A-Za-z0-9_-]+$/;

export const isRoleKey = (key: string): boolean => key.startsWith(ROLE_PREFIX);

/** The editor's rows: public first (always present), then users and roles as stored. */
export function aclToRows(acl: Acl | null | undefined): AclRow[] {
  const entries = Object.entries(acl ?? {});
  const pub = acl?.[PUBLIC];
  const rows = entries
    .filter(([key]) => key !== PUBLIC)
    .map(([key, p]) => ({ key, read: p.read === true, write: p.write === true }));
  return [{ key: PUBLIC, read: pub?.read === true, write: pub?.write === true }, ...rows];
}

/** Back to the stored form; a row granting nothing is left out, as the server would drop it. */
export function rowsToAcl(rows: readonly AclRow[]): Acl {
  const acl: Acl = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key || (!row.read && !row.write)) continue;
    acl[key] = {
      ...(row.read ? { read: true as const } : {}),
      ...(row.write ? { write: true as const } : {}),
    };
  }
  return acl;
}

/** A role key from what someone typed, with or without the prefix. */
export const roleKey = (name: string): string => {
  const trimmed = name.trim();
  return isRoleKey(trimmed) ? trimmed : `${ROLE_PREFIX}${trimmed}`;
};

/** Adds a row for `key` unless it is there already. */
export function addAclRow(rows: readonly AclRow[], key: string): AclRow[] {
  if (!key.trim() || rows.some((r) => r.key === key)) return [...rows];
  return [...rows, { key, read: true, write: false }];
}
