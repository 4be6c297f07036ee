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
  private readonly memo = new WeakMap<AuthContext, Promise<Principal>>();

  of(sql: Sql, auth: AuthContext): Promise<Principal> {
    let p = this.memo.get(auth);
    if (!p) {
      p = this.resolve(sql, auth);
      this.memo.set(auth, p);
      // A failed lookup must not stick to the request.
      p.catch(() => this.memo.delete(auth));
    }
    return p;
  }

  /** Forgets a request's principal after it changed its own session or memberships. */
  forget(auth: AuthContext): void {
    this.memo.delete(auth);
  }

  private async resolve(sql: Sql, auth: AuthContext): Promise<Principal> {
    const userId = auth.sessionToken ? await findSessionUser(sql, auth.sessionToken) : undefined;
    if (auth.master) return { ...MASTER, userId };
    if (!userId) return PUBLIC;
    const roles = await roleNamesOf(sql, userId);
    return { master: false, userId, keys: ['*', userId, ...roles.map((r) => `role:${r}`)] };
  }
}
