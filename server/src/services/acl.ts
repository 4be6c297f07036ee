import { isPlainObject, LcCode } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { badRequest, forbidden } from '../http/errors';
import type { Principal } from './access';

const USER_ID_RE = /^[A-Za-z0-9_-]+$/;

/**
 * `*`, a user id, or `role:` and any non-empty name: an ACL entry is a key like any other, and
 * roles moved from LeanCloud may have names ("write-only-role") our role creation no longer allows.
 */
const isAclKey = (key: string) =>
  key === '*' || (key.startsWith('role:') && key.length > 'role:'.length) || USER_ID_RE.test(key);

const invalidAcl = (why: string) => badRequest(LcCode.InvalidAcl, `Invalid ACL: ${why}.`);

/**
 * Doc 1 ACL: keys are a user objectId, `*` or `role:<name>`; values map `read` / `write` to true.
 * `false` grants nothing, so it is dropped rather than stored.
 */
export function parseAcl(v: unknown): Acl {
  if (!isPlainObject(v)) throw invalidAcl('an ACL is a JSON object');
  const out: Acl = {};
  for (const [key, perms] of Object.entries(v)) {
    if (!isAclKey(key)) throw invalidAcl(`"${key}" is not a user id, "*" or "role:<name>"`);
    if (!isPlainObject(perms))
      throw invalidAcl(`the value of "${key}" must be an object like {"read": true}`);
    const entry: { read?: true; write?: true } = {};
    for (const [perm, flag] of Object.entries(perms)) {
      if (perm !== 'read' && perm !== 'write') throw invalidAcl(`unknown permission "${perm}" for "${key}"`);
      if (typeof flag !== 'boolean') throw invalidAcl(`"${key}".${perm} must be true`);
      if (flag) entry[perm] = true;
    }
    if (entry.read || entry.write) out[key] = entry;
  }
  return out;
}

/** Whether an ACL grants `perm` to the principal; no ACL is public (see store/acl-sql.ts). */
export function aclAllows(acl: Acl | null, who: Principal, perm: 'read' | 'write'): boolean {
  if (who.master || !acl) return true;
  return who.keys.some((k) => acl[k]?.[perm] === true);
}

// LeanCloud's wording for an ACL refusal.
export const aclForbidden = (id: string) =>
  forbidden(`Forbidden writing by object's ACL, the object id is ${id}.`);
