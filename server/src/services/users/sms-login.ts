import type { Sql } from '@switchboard/shared/sql';
import type { ApiRequest } from '../../http/types';
import type { Clock } from '../../lib/clock';
import type { ObjectRow } from '../../store/objects';
import { openSession } from '../../store/sessions';
import { findUserBy, findUserById, patchUser } from '../../store/users';
import type { ApiObject } from '../format';
import type { AppSettings } from '../settings';
import { assertMayLogIn, underLock } from './login';
import { loginBody } from './profile';
import { assertNotInBatch, checkPhone, invalidSmsCode, redeemSmsCode } from './sms-codes';
import type { SmsPurpose } from './sms-codes';
import { userNotFound } from './user-api';

/**
 * Logs `user` in with an SMS code of `purpose` sent to the user's phone. The code is a secret
 * like a password, so it goes through the account lock: a wrong code counts as a failed login,
 * and while locked even the right one is refused (219) without being used up.
 */
export async function loginWithCode(
  sql: Sql,
  clock: Clock,
  settings: AppSettings,
  user: ObjectRow,
  s: { purpose: SmsPurpose; phone: string; code: unknown },
): Promise<ApiObject> {
  await underLock(
    sql,
    clock,
    user,
    async () => {
      const r = await redeemSmsCode(sql, clock, s, async (tx, match) => {
        // A code sent for another user (the number changed hands since) is no proof for this one.
        if (match.userId !== undefined && match.userId !== user.id) return false;
        // Receiving the code proves the phone, as verifyMobilePhone would.
        await patchUser(tx, user.id, { mobilePhoneVerified: true }, clock.now());
        return true;
      });
      return r.ok && r.value;
    },
    invalidSmsCode,
  );
  assertMayLogIn(user, settings);
  const row = (await findUserById(sql, user.id)) ?? user;
  return loginBody(row, await openSession(sql, user.id, clock.now()));
}

/** POST /1.1/login with {mobilePhoneNumber, smsCode}: the code from requestLoginSmsCode. */
export async function smsLogin(
  req: ApiRequest,
  clock: Clock,
  settings: AppSettings,
  body: Record<string, unknown>,
): Promise<ApiObject> {
  assertNotInBatch(req);
  const { sql } = req;
  const phone = checkPhone(body.mobilePhoneNumber);
  const user = await findUserBy(sql, 'mobilePhoneNumber', phone);
  if (!user) throw userNotFound();
  return loginWithCode(sql, clock, settings, user, { purpose: 'login', phone, code: body.smsCode });
}
