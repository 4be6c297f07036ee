import type { Acl } from '@switchboard/shared';
import type { Principal } from '../access';

/**
 * The ACL of a file record created without one: anyone may read it (its url is shared like a
 * link), and only the user whose session created it may change or delete it. Without a session
 * nobody but the master key can: a record made with the app key alone cannot be deleted by
 * anyone else holding that key.
 */
export function defaultFileAcl(who: Principal): Acl {
  const acl: Acl = { '*': { read: true } };
  if (who.userId) acl[who.userId] = { read: true, write: true };
  return acl;
}
