import type { Sql } from '@switchboard/shared/sql';
import { setPasswordHash } from '../../store/users';
import type { AppSettings } from '../settings';
import { syncLinks } from './auth-data';
import type { AccountDeps } from './deps';
import { assertUnique } from './fields';
import { sendAccountMail } from './mail';
import { userDefaultAcl } from './profile';

/**
 * Writes a new user, whichever way it signs up (password, authData, phone code): username, e-mail
 * and phone unique, the verification flags' defaults, the default ACL, the password hash, the
 * authData identities and, with e-mail verification on, the verification mail. Returns its id.
 */
export async function insertUser(
  tx: Sql,
  deps: AccountDeps,
  settings: AppSettings,
  user: { fields: Record<string, unknown>; passwordHash?: string | undefined; baseUrl: string },
): Promise<{ id: string; createdAt: unknown }> {
  const { fields } = user;
  await assertUnique(tx, fields);
  const email = typeof fields.email === 'string' ? fields.email : undefined;
  if (!('emailVerified' in fields)) fields.emailVerified = settings.emailVerify && email ? false : null;
  if (!('mobilePhoneVerified' in fields)) fields.mobilePhoneVerified = false;
  const obj = await deps.writes.create(tx, '_User', fields, {
    fetchWhenSave: false,
    defaultAcl: userDefaultAcl,
  });
  const id = String(obj.objectId);
  if (user.passwordHash !== undefined) await setPasswordHash(tx, id, user.passwordHash);
  await syncLinks(tx, id, fields.authData);
  if (settings.emailVerify && email)
    await sendAccountMail(tx, deps.clock, { kind: 'verify_email', userId: id, email, baseUrl: user.baseUrl });
  return { id, createdAt: obj.createdAt };
}
