import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError, badRequest } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { ObjectRow } from '../../store/objects';
import { closeSessions } from '../../store/sessions';
import { findUserBy, findUserById, isTaken, patchUser, setPasswordHash } from '../../store/users';
import { hashPassword } from './passwords';
import { invalidSmsCode, sendSmsCode, withSmsCode } from './sms-codes';
import type { SmsCodeMatch } from './sms-codes';

/** The endpoints that mail a code to a user's number need that user (213 otherwise). */
export async function userWithPhone(sql: Sql, phone: string): Promise<ObjectRow> {
  const user = await findUserBy(sql, 'mobilePhoneNumber', phone);
  if (!user) throw badRequest(LcCode.PhoneNotFound, 'Could not find user with the mobile phone number.');
  return user;
}

/**
 * The user a code was sent for, if the number is still theirs: a code sent before the number
 * moved to another account proves nothing about the new holder.
 */
async function holderOf(tx: Sql, match: SmsCodeMatch): Promise<ObjectRow> {
  const user =
    match.userId === undefined ? undefined : await findUserById(tx, match.userId, { forUpdate: true });
  if (!user || user.data.mobilePhoneNumber !== match.phone) throw invalidSmsCode();
  return user;
}

/** POST /1.1/verifyMobilePhone/<code>: the phone may be in the body; SDKs send only the code. */
export async function verifyPhone(
  sql: Sql,
  clock: Clock,
  code: string,
  phone: string | undefined,
): Promise<void> {
  await withSmsCode(sql, clock, { purpose: 'verify_phone', code, phone }, async (tx, match) => {
    const user = await holderOf(tx, match);
    await patchUser(tx, user.id, { mobilePhoneVerified: true }, clock.now());
  });
}

export const phoneTaken = () => badRequest(LcCode.PhoneTaken, 'Mobile phone number has already been taken.');

/** POST /1.1/requestChangePhoneNumber: a code to the new number, bound to the session's user. */
export async function requestPhoneChange(
  sql: Sql,
  clock: Clock,
  userId: string,
  phone: string,
): Promise<void> {
  if (await isTaken(sql, 'mobilePhoneNumber', phone, userId)) throw phoneTaken();
  await sendSmsCode(sql, clock, { phone, purpose: 'change_phone', userId });
}

/** POST /1.1/changePhoneNumber {mobilePhoneNumber, code}: sets the number, verified by the code. */
export async function changePhone(
  sql: Sql,
  clock: Clock,
  userId: string,
  phone: string,
  code: unknown,
): Promise<void> {
  await withSmsCode(sql, clock, { purpose: 'change_phone', code, phone }, async (tx, match) => {
    // The code was sent for the session's user; someone else's session cannot redeem it.
    if (match.userId !== userId) throw invalidSmsCode();
    if (await isTaken(tx, 'mobilePhoneNumber', phone, userId)) throw phoneTaken();
    if (!(await findUserById(tx, userId, { forUpdate: true })))
      throw new ApiError(403, LcCode.SessionMissing, 'The session no longer belongs to a user.');
    await patchUser(tx, userId, { mobilePhoneNumber: phone, mobilePhoneVerified: true }, clock.now());
  });
}

/**
 * PUT /1.1/resetPasswordBySmsCode/<code> {password, mobilePhoneNumber?}: sets the password and,
 * like every password reset (Doc 1 sessionToken), closes the user's sessions.
 */
export async function resetPasswordByCode(
  sql: Sql,
  clock: Clock,
  code: string,
  password: string,
  phone: string | undefined,
): Promise<void> {
  const hash = await hashPassword(password);
  await withSmsCode(sql, clock, { purpose: 'reset_password', code, phone }, async (tx, match) => {
    const user = await holderOf(tx, match);
    await setPasswordHash(tx, user.id, hash);
    await closeSessions(tx, user.id);
    await patchUser(tx, user.id, { mobilePhoneVerified: true }, clock.now());
  });
}
