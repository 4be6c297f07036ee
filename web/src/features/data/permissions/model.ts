import type { ClassPermission } from '@switchboard/shared';

/** Who an operation is open to, broadest first (the server lets the broadest grant win). */
export type Audience = 'everyone' | 'signedIn' | 'listed';

/** No permission set is everyone's, as on the server. */
export function audienceOf(p: ClassPermission | undefined): Audience {
  if (!p || p['*']) return 'everyone';
  if (p.onlySignInUsers) return 'signedIn';
  return 'listed';
}

/** The permission to write for an audience; only `listed` keeps the users and roles. */
export function permissionFor(audience: Audience, users: string[], roles: string[]): ClassPermission {
  if (audience === 'everyone') return { '*': true };
  if (audience === 'signedIn') return { onlySignInUsers: true };
  return { users, roles };
}
