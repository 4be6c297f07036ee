import type { Principal } from './access';
import type { ApiObject } from './format';

/** Credentials never leave the server, whatever the stored data holds (an import may carry them). */
const NEVER_RETURNED = ['password', 'sessionToken', 'salt'];

/**
 * What one reader sees of a built-in object. _User: no credentials ever (Doc 1: "never
 * returned to any client request"), and authData (third-party access tokens) only to the user and
 * the master key.
 */
export function redact(className: string, obj: ApiObject, access: Principal): ApiObject {
  if (className === '_Role') {
    // Doc 1 Roles: "users and roles come back as Relation values", members or not.
    obj.users ??= { __type: 'Relation', className: '_User' };
    obj.roles ??= { __type: 'Relation', className: '_Role' };
    return obj;
  }
  if (className !== '_User') return obj;
  for (const k of NEVER_RETURNED) delete obj[k];
  if (!access.master && access.userId !== obj.objectId) delete obj.authData;
  return obj;
}
