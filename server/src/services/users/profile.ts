import type { ObjectRow } from '../../store/objects';
import { toApi } from '../format';
import type { ApiObject } from '../format';
import { redact } from '../redact';

/**
 * Doc 1 Login: "every field except password, including sessionToken, objectId, createdAt,
 * updatedAt, emailVerified, mobilePhoneVerified and custom fields" (users/me answers the same).
 */
export function loginBody(row: ObjectRow, sessionToken: string): ApiObject {
  const out = redact('_User', toApi(row), { master: false, userId: row.id, keys: [] });
  if (!('emailVerified' in out)) out.emailVerified = null;
  if (typeof out.mobilePhoneVerified !== 'boolean') out.mobilePhoneVerified = false;
  out.sessionToken = sessionToken;
  return out;
}

/** The ACL of a new user: everyone reads the profile, only the user changes it. */
export const userDefaultAcl = (id: string) => ({
  '*': { read: true as const },
  [id]: { read: true as const, write: true as const },
});
