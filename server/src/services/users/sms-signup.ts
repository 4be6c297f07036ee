import { isPlainObject, LcCode } from '@switchboard/shared';
import { badRequest, invalidJson } from '../../http/errors';
import type { ApiRequest, ApiResponse } from '../../http/types';
import { openSession } from '../../store/sessions';
import { findUserBy, findUserById } from '../../store/users';
import { normalizeAuthData } from './auth-data';
import type { AccountDeps } from './deps';
import { assertCreatePermission } from '../object-api';
import { checkUserBody } from './fields';
import { hashPassword } from './passwords';
import { loginBody } from './profile';
import { insertUser } from './signup';
import { checkPhone, withSmsCode } from './sms-codes';
import { loginWithCode } from './sms-login';
import { userNotFound } from './user-api';

/**
 * POST /1.1/usersByMobilePhone {mobilePhoneNumber, smsCode, ...fields}, with a code from
 * requestSmsCode: logs in the user holding the number (200), or registers one whose username is
 * the number and whose phone is verified (201). The other fields only apply to a new user.
 */
export async function signUpOrLogInByPhone(deps: AccountDeps, req: ApiRequest): Promise<ApiResponse> {
  if (!isPlainObject(req.body)) throw invalidJson();
  const { smsCode, ...rest } = req.body;
  const phone = checkPhone(rest.mobilePhoneNumber);
  if (smsCode === undefined || smsCode === '')
    throw badRequest(LcCode.InvalidSmsCode, 'The SMS code (smsCode) is missing.');
  const settings = await deps.settings.get(req.sql);
  const code = { purpose: 'signup_or_login' as const, phone, code: smsCode };

  const existing = await findUserBy(req.sql, 'mobilePhoneNumber', phone);
  if (existing) return { body: await loginWithCode(req.sql, deps.clock, settings, existing, code) };

  const access = await deps.access.of(req.sql, req.auth);
  await assertCreatePermission(deps, req.sql, access, '_User');
  const { fields, password } = checkUserBody(
    { username: phone, ...rest },
    { creating: true, master: access.master },
  );
  if (fields.authData !== undefined) fields.authData = normalizeAuthData(fields.authData);
  fields.mobilePhoneVerified = true;
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  return withSmsCode(req.sql, deps.clock, code, async (tx) => {
    const { id } = await insertUser(tx, deps, settings, { fields, passwordHash, baseUrl: req.baseUrl });
    const token = await openSession(tx, id, deps.clock.now());
    const row = await findUserById(tx, id);
    if (!row) throw userNotFound();
    return {
      status: 201,
      body: loginBody(row, token),
      headers: { Location: `${req.baseUrl}/1.1/users/${id}` },
    };
  });
}
