import { isPlainObject, LcCode } from '@switchboard/shared';
import { ApiError, badRequest, invalidJson } from '../../http/errors';
import { isTaken } from '../../store/users';
import type { UserKey } from '../../store/users';
import type { Sql } from '@switchboard/shared/sql';

// A pragmatic shape check: something@something.tld, no spaces. Delivery proves the rest.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// E.164-like: optional +, 6 to 20 digits.
const PHONE_RE = /^\+?\d{6,20}$/;

/** Fields only the server (or the master key) sets on _User. */
const SERVER_FIELDS = ['emailVerified', 'mobilePhoneVerified'];
const SECRET_FIELDS = ['sessionToken', 'salt'];

const TAKEN: Record<UserKey, [number, string]> = {
  username: [LcCode.UsernameTaken, 'Username has already been taken.'],
  email: [LcCode.EmailTaken, 'This email address has already been taken.'],
  mobilePhoneNumber: [LcCode.PhoneTaken, 'Mobile phone number has already been taken.'],
};

export function checkPassword(v: unknown): string {
  if (typeof v !== 'string' || v === '')
    throw badRequest(LcCode.PasswordMissing, 'Password is missing or empty.');
  return v;
}

/** Validates the account fields of a create or update body; returns the body without password. */
export function checkUserBody(
  body: unknown,
  opts: { creating: boolean; master: boolean },
): { fields: Record<string, unknown>; password: string | undefined } {
  if (!isPlainObject(body)) throw invalidJson();
  const fields: Record<string, unknown> = {};
  let password: string | undefined;
  for (const [k, v] of Object.entries(body)) {
    if (k === 'password') password = checkPassword(v);
    else if (SECRET_FIELDS.includes(k)) continue;
    else if (SERVER_FIELDS.includes(k) && !opts.master) {
      throw new ApiError(
        403,
        LcCode.OperationForbidden,
        `${k} is set by the server; only the master key may change it.`,
      );
    } else fields[k] = v;
  }
  if (opts.creating || 'username' in fields) {
    if (typeof fields.username !== 'string' || fields.username.trim() === '')
      throw badRequest(LcCode.UsernameMissing, 'Username is missing or empty.');
  }
  if (typeof fields.email === 'string' && !EMAIL_RE.test(fields.email))
    throw badRequest(LcCode.InvalidEmail, 'The email address was invalid.');
  if (typeof fields.mobilePhoneNumber === 'string' && !PHONE_RE.test(fields.mobilePhoneNumber))
    throw badRequest(LcCode.InvalidPhoneNumber, 'The mobile phone number was invalid.');
  for (const k of ['email', 'mobilePhoneNumber'] as const) {
    const v = fields[k];
    if (v !== undefined && v !== null && typeof v !== 'string' && !isPlainObject(v))
      throw badRequest(LcCode.InvalidType, `${k} must be a string.`);
  }
  return { fields, password };
}

/** Doc 1 User: username, e-mail and phone number are unique (case-sensitive). */
export async function assertUnique(
  sql: Sql,
  fields: Record<string, unknown>,
  exceptId?: string,
): Promise<void> {
  for (const key of Object.keys(TAKEN) as UserKey[]) {
    const v = fields[key];
    if (typeof v === 'string' && (await isTaken(sql, key, v, exceptId))) {
      const [code, message] = TAKEN[key];
      throw badRequest(code, message);
    }
  }
}
