import type { Sql } from '@switchboard/shared/sql';
import type { AuthContext } from '../http/types';
import { findSessionUser } from '../store/sessions';
import { roleNamesOf } from '../store/roles';

/** Who is asking, as ACLs see it. */
export interface Principal {
  /** The master key bypasses every ACL (Doc 1 Authentication rule 1). */
  master: boolean;
  /** The user of a valid X-LC-Session. */
  userId?: string | undefined;
  /** ACL keys that apply: "*", the user's id and "role:<name>" of every role, inherited ones too. */
  keys: string[];
}

export const MASTER: Principal = { master: true, keys: [] };
export const PUBLIC: Principal = { master: false, keys: ['*'] };

/** The ACL keys to filter with, or undefined when nothing is filtered (master key). */
export const aclKeys = (p: Principal): string[] | undefined => (p.master ? undefined : p.keys);

/**
 * Resolves the principal of a request once: the session token's user and that user's roles.
 * An unknown or replaced token resolves to the public principal, so it can do what anyone can and
 * gets 403 wherever a user is needed (Doc 1 sessionToken: old tokens get 403).
 */
export class AccessResolver {
  private readonly memo = new WeakMap<AuthContext, { generation: number; principal: Promise<Principal> }>();
  /** Bumped by every change of roles or memberships: memoized principals are then looked up again. */
  private generation = 0;

  of(sql: Sql, auth: AuthContext): Promise<Principal> {
    const hit = this.memo.get(auth);
    if (hit && hit.generation === this.generation) return hit.principal;
    const principal = this.resolve(sql, auth);
    this.memo.set(auth, { generation: this.generation, principal });
    // A failed lookup must not stick to the request.
    principal.catch(() => this.memo.delete(auth));
    return principal;
  }

  /**
   * Roles or memberships changed: a batch's later elements must see the change (Doc 1: batch
   * operations run in the order sent), whether it grants or takes away.
   */
  rolesChanged(): void {
    this.generation++;
  }

  private async resolve(sql: Sql, auth: AuthContext): Promise<Principal> {
    const userId = auth.sessionToken ? await findSessionUser(sql, auth.sessionToken) : undefined;
    if (auth.master) return { ...MASTER, userId };
    if (!userId) return PUBLIC;
    const roles = await roleNamesOf(sql, userId);
    return { master: false, userId, keys: ['*', userId, ...roles.map((r) => `role:${r}`)] };
  }
}
