import type { Acl } from '@switchboard/shared';
import type { HeldRole } from './effective-roles';

export type Right = 'read' | 'write';

/** Why a user may or may not use an object, in the order the checks are made. */
export type AccessReason =
  /** The object has no ACL: LeanCloud's class default is public read and write. */
  | { kind: 'noAcl' }
  /** The ACL is empty: only the master key reaches the object. */
  | { kind: 'masterOnly' }
  | { kind: 'public' }
  | { kind: 'user' }
  /** Through `role`, which the user has directly or by the chain `path`. */
  | { kind: 'role'; role: string; path: string[] }
  | { kind: 'denied' };

export interface AccessDecision {
  allowed: boolean;
  reason: AccessReason;
}

/**
 * Whether `userId`, holding `roles`, may `right` an object with `acl`, and the entry that decides
 * it. Public wins over a user entry, and a user entry over a role, because that names the simplest
 * grant; among roles, a direct one, then the shortest chain.
 */
export function decideAccess(
  acl: Acl | null | undefined,
  userId: string,
  roles: readonly HeldRole[],
  right: Right,
): AccessDecision {
  if (acl == null) return { allowed: true, reason: { kind: 'noAcl' } };
  if (Object.keys(acl).length === 0) return { allowed: false, reason: { kind: 'masterOnly' } };
  if (acl['*']?.[right]) return { allowed: true, reason: { kind: 'public' } };
  if (acl[userId]?.[right]) return { allowed: true, reason: { kind: 'user' } };
  const granting = roles
    .filter((r) => acl[`role:${r.name}`]?.[right])
    .sort((a, b) => a.path.length - b.path.length);
  const best = granting[0];
  if (best) return { allowed: true, reason: { kind: 'role', role: best.name, path: best.path } };
  return { allowed: false, reason: { kind: 'denied' } };
}
