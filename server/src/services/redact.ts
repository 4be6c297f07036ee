import type { Principal } from './access';
import type { ApiObject } from './format';

/** Credentials never leave the server, whatever the stored data holds (an import may carry them). */
const NEVER_RETURNED = ['password', 'sessionToken', 'salt'];

/**
 * The fields of a class that no one but the user and the master key may see: the credentials,
 * and authData (third-party access tokens). Queries must not filter, sort or select on them
 * either (read-policy.ts), or a count answers guesses about them one character at a time.
 */
const HIDDEN: Readonly<Record<string, readonly string[]>> = { _User: [...NEVER_RETURNED, 'authData'] };

/** Whether a field path ("authData.weixin.uid") lies in a field only its owner and the master key see. */
export function isHiddenField(className: string, path: string): boolean {
  return HIDDEN[className]?.includes(path.split('.')[0] ?? '') ?? false;
}

/** Whether redact() may change an object of this class (so its stored text is not its answer). */
export const redacts = (className: string): boolean => className === '_User' || className === '_Role';

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
