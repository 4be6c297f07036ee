import { describe, expect, it } from 'vitest';
import { decideAccess } from './access';
import type { HeldRole } from './effective-roles';

const roles: HeldRole[] = [
  { objectId: 'i', name: 'interns', path: ['interns'], direct: true },
  { objectId: 's', name: 'staff', path: ['interns', 'editors', 'staff'], direct: false },
  { objectId: 'e', name: 'editors', path: ['interns', 'editors'], direct: false },
];

describe('decideAccess', () => {
  it('lets everyone read and write an object without an ACL', () => {
    expect(decideAccess(undefined, 'u1', [], 'write')).toEqual({ allowed: true, reason: { kind: 'noAcl' } });
  });

  it('keeps an empty ACL to the master key', () => {
    expect(decideAccess({}, 'u1', roles, 'read')).toEqual({ allowed: false, reason: { kind: 'masterOnly' } });
  });

  it('names the public entry, then the user entry', () => {
    const acl = { '*': { read: true as const }, u1: { write: true as const } };
    expect(decideAccess(acl, 'u1', roles, 'read').reason).toEqual({ kind: 'public' });
    expect(decideAccess(acl, 'u1', roles, 'write').reason).toEqual({ kind: 'user' });
    expect(decideAccess(acl, 'u2', roles, 'write')).toEqual({ allowed: false, reason: { kind: 'denied' } });
  });

  it('grants through an inherited role with its chain, the shortest chain first', () => {
    const acl = { 'role:staff': { read: true as const }, 'role:editors': { read: true as const } };
    expect(decideAccess(acl, 'u1', roles, 'read')).toEqual({
      allowed: true,
      reason: { kind: 'role', role: 'editors', path: ['interns', 'editors'] },
    });
    expect(decideAccess(acl, 'u1', roles, 'write').allowed).toBe(false);
  });

  it('does not grant through a role the user lacks', () => {
    const acl = { 'role:admins': { read: true as const, write: true as const } };
    expect(decideAccess(acl, 'u1', roles, 'read').allowed).toBe(false);
  });
});
