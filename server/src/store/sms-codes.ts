import type { Sql } from '@switchboard/shared/sql';

/**
 * One live code per (phone, purpose) in lc_sms_codes. Codes are kept as sent: a six-digit code
 * has too few values for a hash to hide it, and some endpoints look codes up without a phone.
 */
export interface SmsCodeRow {
  phone: string;
  code: string;
  user_id: string | null;
  expires_at: Date;
  attempts: number;
}

const COLUMNS = 'phone, code, user_id, expires_at, attempts';

/**
 * Stores a new code, replacing the pair's old one only when that one expires by `replaceBy`
 * (that is, was sent long enough ago); false when the old code is too recent. One statement, so
 * two concurrent requests cannot both pass the check.
 */
export async function putCode(
  sql: Sql,
  c: { phone: string; purpose: string; code: string; userId: string | undefined; expiresAt: Date },
  replaceBy: Date,
): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO lc_sms_codes (phone, purpose, code, user_id, expires_at, attempts)
     VALUES ($1, $2, $3, $4, $5, 0)
     ON CONFLICT (phone, purpose) DO UPDATE
       SET code = EXCLUDED.code, user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at, attempts = 0
       WHERE lc_sms_codes.expires_at <= $6
     RETURNING phone`,
    [c.phone, c.purpose, c.code, c.userId ?? null, c.expiresAt, replaceBy],
  );
  return rows.length > 0;
}

/** Whether another phone holds `code` live for `purpose` (codes looked up without a phone must differ). */
export async function codeTaken(
  sql: Sql,
  purpose: string,
  code: string,
  phone: string,
  now: Date,
): Promise<boolean> {
  const rows = await sql.query(
    'SELECT 1 FROM lc_sms_codes WHERE purpose = $1 AND code = $2 AND phone <> $3 AND expires_at > $4',
    [purpose, code, phone, now],
  );
  return rows.length > 0;
}

export async function findCode(sql: Sql, phone: string, purpose: string): Promise<SmsCodeRow | undefined> {
  const rows = await sql.query<SmsCodeRow>(
    `SELECT ${COLUMNS} FROM lc_sms_codes WHERE phone = $1 AND purpose = $2 FOR UPDATE`,
    [phone, purpose],
  );
  return rows[0];
}

/** Live, not voided codes of `purpose` equal to `code` (at most two: more than one is ambiguous). */
export async function findByCode(
  sql: Sql,
  purpose: string,
  code: string,
  now: Date,
  maxAttempts: number,
): Promise<SmsCodeRow[]> {
  return sql.query<SmsCodeRow>(
    `SELECT ${COLUMNS} FROM lc_sms_codes
      WHERE purpose = $1 AND code = $2 AND expires_at > $3 AND attempts < $4
      LIMIT 2 FOR UPDATE`,
    [purpose, code, now, maxAttempts],
  );
}

/** Counts a wrong guess against one phone's code. */
export async function countAttempt(sql: Sql, phone: string, purpose: string): Promise<void> {
  await sql.query('UPDATE lc_sms_codes SET attempts = attempts + 1 WHERE phone = $1 AND purpose = $2', [
    phone,
    purpose,
  ]);
}

/** Counts a wrong guess that names no phone against every live code of the purpose. */
export async function countAttemptAll(sql: Sql, purpose: string, now: Date): Promise<void> {
  await sql.query('UPDATE lc_sms_codes SET attempts = attempts + 1 WHERE purpose = $1 AND expires_at > $2', [
    purpose,
    now,
  ]);
}

export async function deleteCode(sql: Sql, phone: string, purpose: string): Promise<void> {
  await sql.query('DELETE FROM lc_sms_codes WHERE phone = $1 AND purpose = $2', [phone, purpose]);
}
