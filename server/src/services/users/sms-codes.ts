import { randomInt, timingSafeEqual } from 'node:crypto';
import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError, badRequest } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { record } from '../../store/outbox';
import {
  codeTaken,
  countAttempt,
  countAttemptAll,
  deleteCode,
  findByCode,
  findCode,
  putCode,
} from '../../store/sms-codes';

/** A code is valid ten minutes of server time. */
export const SMS_CODE_TTL_MS = 10 * 60 * 1000;
/** A new code for the same phone and purpose is refused for a minute after the last one. */
export const SMS_RESEND_MS = 60 * 1000;
/** The fifth wrong guess voids a code: five tries at one in a million keep guessing hopeless. */
export const SMS_MAX_ATTEMPTS = 5;

/** What a code is for; a code of one purpose is never accepted for another. */
export type SmsPurpose = 'signup_or_login' | 'verify_phone' | 'change_phone' | 'login' | 'reset_password';

const TEXTS: Record<SmsPurpose, string> = {
  signup_or_login: 'to sign up or log in',
  verify_phone: 'to verify this phone number',
  change_phone: 'to set this phone number on your account',
  login: 'to log in',
  reset_password: 'to reset your password',
};

// E.164-like, as fields.ts checks mobilePhoneNumber on users.
const PHONE_RE = /^\+?\d{6,20}$/;

export function checkPhone(v: unknown): string {
  if (v === undefined || v === null || v === '')
    throw badRequest(LcCode.PhoneMissing, 'The mobile phone number is missing.');
  if (typeof v !== 'string' || !PHONE_RE.test(v))
    throw badRequest(
      LcCode.InvalidPhoneNumber,
      'The mobile phone number was invalid: expected 6 to 20 digits, optionally after a leading +.',
    );
  return v;
}

/**
 * A wrong code is counted in a commit of its own, but a batch element that fails is rolled back to
 * its savepoint, count included: inside a batch, guesses would be free.
 */
export function assertNotInBatch(req: { inBatch?: boolean | undefined }): void {
  if (req.inBatch)
    throw badRequest(
      LcCode.InvalidParameter,
      'Logins, SMS code requests and code checks cannot run inside a batch.',
    );
}

export const invalidSmsCode = () => badRequest(LcCode.InvalidSmsCode, 'Invalid SMS code.');

const tooFrequent = () =>
  new ApiError(
    429,
    LcCode.SmsTooFrequent,
    `Can't send sms code too frequently: wait ${SMS_RESEND_MS / 1000} seconds before asking for another code.`,
  );

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Issues a code for (phone, purpose), replacing the pair's previous one, and records the SMS in
 * the outbox. `userId` binds the code to the user it was sent for.
 */
export async function sendSmsCode(
  sql: Sql,
  clock: Clock,
  s: { phone: string; purpose: SmsPurpose; userId?: string | undefined },
): Promise<void> {
  const now = clock.now();
  await sql.transaction(async (tx) => {
    // Some endpoints get the code without the phone, so live codes of a purpose must differ.
    let code = newCode();
    for (let i = 0; i < 10 && (await codeTaken(tx, s.purpose, code, s.phone, now)); i++) code = newCode();
    const stored = await putCode(
      tx,
      {
        phone: s.phone,
        purpose: s.purpose,
        code,
        userId: s.userId,
        expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
      },
      // The old code was sent at least SMS_RESEND_MS ago exactly when it expires by this time.
      new Date(now.getTime() - SMS_RESEND_MS + SMS_CODE_TTL_MS),
    );
    if (!stored) throw tooFrequent();
    await record(
      tx,
      {
        channel: 'sms',
        recipient: s.phone,
        kind: s.purpose,
        subject: 'Verification code',
        body: `Your verification code ${TEXTS[s.purpose]} is ${code}. It is valid for ${SMS_CODE_TTL_MS / 60_000} minutes.`,
        code,
      },
      now,
    );
  });
}

export interface SmsCodeMatch {
  phone: string;
  /** The user the code was sent for; unset for sign-up codes. */
  userId: string | undefined;
}

/** Codes are strings; a JSON number is read as the digits it stands for. */
const codeText = (v: unknown): string =>
  typeof v === 'string' ? v : Number.isSafeInteger(v) && (v as number) >= 0 ? String(v).padStart(6, '0') : '';

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The live code `code` of the phone (or, without one, of the purpose), locked for the update. */
async function findMatch(
  tx: Sql,
  purpose: SmsPurpose,
  code: string,
  phone: string | undefined,
  now: Date,
): Promise<SmsCodeMatch | undefined> {
  if (phone !== undefined) {
    const row = await findCode(tx, phone, purpose);
    const live = row && row.expires_at.getTime() > now.getTime() && row.attempts < SMS_MAX_ATTEMPTS;
    return live && sameCode(row.code, code) ? { phone, userId: row.user_id ?? undefined } : undefined;
  }
  if (!/^\d{6}$/.test(code)) return undefined;
  const rows = await findByCode(tx, purpose, code, now, SMS_MAX_ATTEMPTS);
  const row = rows.length === 1 ? rows[0] : undefined;
  return row ? { phone: row.phone, userId: row.user_id ?? undefined } : undefined;
}

/**
 * Redeems a code: when it matches, `work` runs in the transaction that deletes the code (single
 * use; if `work` throws, the code stays). A wrong code is counted, and the count committed, before
 * `ok: false` is returned. Without a phone the code is looked up among the purpose's live codes,
 * and a wrong guess counts against all of them: it could have been aimed at any.
 */
export async function redeemSmsCode<T>(
  sql: Sql,
  clock: Clock,
  s: { purpose: SmsPurpose; code: unknown; phone?: string | undefined },
  work: (tx: Sql, match: SmsCodeMatch) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  const now = clock.now();
  const code = codeText(s.code);
  const result = await sql.transaction(async (tx) => {
    const match = await findMatch(tx, s.purpose, code, s.phone, now);
    if (!match) return { ok: false as const };
    await deleteCode(tx, match.phone, s.purpose);
    return { ok: true as const, value: await work(tx, match) };
  });
  if (!result.ok) {
    if (s.phone !== undefined) await countAttempt(sql, s.phone, s.purpose);
    else await countAttemptAll(sql, s.purpose, now);
  }
  return result;
}

/** `redeemSmsCode` that answers 603 for a wrong code. */
export async function withSmsCode<T>(
  sql: Sql,
  clock: Clock,
  s: { purpose: SmsPurpose; code: unknown; phone?: string | undefined },
  work: (tx: Sql, match: SmsCodeMatch) => Promise<T>,
): Promise<T> {
  const r = await redeemSmsCode(sql, clock, s, work);
  if (!r.ok) throw invalidSmsCode();
  return r.value;
}
