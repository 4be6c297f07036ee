import type { ConsoleUser, TotpEnrolmentResponse, TotpStatusResponse } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Secret, TOTP } from 'otpauth';
import { record } from './audit';
import type { RequestMeta } from './audit';
import { ConsoleError } from './errors';
import { secretBoxFor, totpContext } from './secret-box';

/*
 * Optional two-step sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s
 * steps, as every authenticator app expects). A code is accepted one step early or late for clock
 * drift, and never twice: the last accepted step is stored, and only a later step is taken.
 * Secrets are stored sealed (secret-box.ts); the UPDATEs below compare the stored (sealed) text,
 * so a secret changed meanwhile is never overwritten.
 */
export const TOTP_ISSUER = 'Switchboard';
const PERIOD_S = 30;
const WINDOW_STEPS = 1;

type User = Pick<ConsoleUser, 'id' | 'email' | 'role'>;

interface Row {
  totp_secret: string | null;
  totp_pending_secret: string | null;
}

/** A stored secret: as kept in the row, and opened. */
interface Stored {
  raw: string;
  base32: string;
}

const totpFor = (email: string, secret: Secret) =>
  new TOTP({ issuer: TOTP_ISSUER, label: email, secret, algorithm: 'SHA1', digits: 6, period: PERIOD_S });

/** The time step `code` belongs to under `secret` (within the drift window), or undefined. */
export function matchStep(secret: string, code: string, now = new Date()): number | undefined {
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    period: PERIOD_S,
    timestamp,
    window: WINDOW_STEPS,
  });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD_S, timestamp }) + delta;
}

/** The current code for a base32 secret (for tests and tools). */
export const currentCode = (secret: string, now = new Date()): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), period: PERIOD_S, timestamp: now.getTime() });

async function state(sql: Sql, userId: string): Promise<Row> {
  const [row] = await sql.query<Row>(
    'SELECT totp_secret, totp_pending_secret FROM console_users WHERE id = $1',
    [userId],
  );
  return row ?? { totp_secret: null, totp_pending_secret: null };
}

/**
 * Opens a stored secret. The startup check (bindSecretKey) makes a failure here unlikely; should a
 * row still not open, the answer says what is wrong instead of a bare 500.
 */
function opened(sql: Sql, userId: string, raw: string): Stored {
  const base32 = secretBoxFor(sql).open(raw, totpContext(userId));
  if (base32 === undefined) {
    throw new ConsoleError(
      503,
      'internal',
      "Two-step sign-in cannot be checked: this account's authenticator secret was stored under another console secret key. Ask the console's operator to start it with the original CONSOLE_SECRET_KEY, or an admin to turn two-step sign-in off for this account.",
    );
  }
  return { raw, base32 };
}

const seal = (sql: Sql, userId: string, base32: string) =>
  secretBoxFor(sql).seal(base32, totpContext(userId));

export async function totpStatus(sql: Sql, userId: string): Promise<TotpStatusResponse> {
  const row = await state(sql, userId);
  return { totpEnabled: row.totp_secret !== null, totpPending: row.totp_pending_secret !== null };
}

const invalidCode = (status: 400 | 401) =>
  new ConsoleError(
    status,
    'invalid_code',
    'The code is wrong or was already used. Enter the current code from your authenticator app.',
  );

/**
 * Stores `step` as the last one used when it is later than the stored one; false when the step
 * (or a later one) was already used, so the same code cannot be played again.
 */
async function spendStep(sql: Sql, userId: string, secret: Stored, step: number): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE console_users SET totp_last_step = $3
      WHERE id = $1 AND totp_secret = $2 AND (totp_last_step IS NULL OR totp_last_step < $3)
      RETURNING id`,
    [userId, secret.raw, step],
  );
  return rows.length > 0;
}

/**
 * The second sign-in step, after the password was found right: nothing to do when the user has
 * no TOTP; otherwise 401 totp_required without a code and 401 invalid_code for a wrong or
 * replayed one.
 */
export async function checkLoginCode(
  sql: Sql,
  userId: string,
  code: string | undefined,
  now = new Date(),
): Promise<void> {
  const row = await state(sql, userId);
  if (row.totp_secret === null) return;
  if (!code) {
    throw new ConsoleError(401, 'totp_required', 'Enter the 6-digit code from your authenticator app.');
  }
  const secret = opened(sql, userId, row.totp_secret);
  const step = matchStep(secret.base32, code, now);
  if (step === undefined || !(await spendStep(sql, userId, secret, step))) throw invalidCode(401);
}

/** A new secret awaiting confirmation (replacing an unconfirmed one); 409 when TOTP is already on. */
export async function startEnrolment(sql: Sql, user: User): Promise<TotpEnrolmentResponse> {
  const totp = totpFor(user.email, new Secret({ size: 20 }));
  const rows = await sql.query(
    'UPDATE console_users SET totp_pending_secret = $2 WHERE id = $1 AND totp_secret IS NULL RETURNING id',
    [user.id, seal(sql, user.id, totp.secret.base32)],
  );
  if (rows.length === 0) {
    throw new ConsoleError(
      409,
      'conflict',
      'Two-step sign-in is already on. Turn it off first to move it to another authenticator app.',
    );
  }
  return { secret: totp.secret.base32, uri: totp.toString() };
}

/** Runs a change with the audit trail: recorded as ok, or as denied with the refusal's status. */
async function audited<T>(sql: Sql, user: User, action: string, meta: RequestMeta, fn: () => Promise<T>) {
  const entry = { ...meta, actor: user, action, target: { consoleUser: user.id } };
  try {
    const result = await fn();
    await record(sql, { ...entry, result: 'ok', status: 200 });
    return result;
  } catch (err) {
    if (err instanceof ConsoleError) await record(sql, { ...entry, result: 'denied', status: err.status });
    throw err;
  }
}

/** Turns TOTP on when `code` is right for the pending secret (400 invalid_code otherwise). */
export function confirmEnrolment(
  sql: Sql,
  user: User,
  code: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<TotpStatusResponse> {
  return audited(sql, user, 'console.totp.enable', meta, async () => {
    const row = await state(sql, user.id);
    if (row.totp_secret !== null) {
      throw new ConsoleError(409, 'conflict', 'Two-step sign-in is already on.');
    }
    if (row.totp_pending_secret === null) {
      throw new ConsoleError(409, 'conflict', 'Start setting up two-step sign-in first.');
    }
    const pending = opened(sql, user.id, row.totp_pending_secret);
    const step = matchStep(pending.base32, code, now);
    if (step === undefined) throw invalidCode(400);
    // The confirming code's step counts as used, so it cannot sign in afterwards.
    const done = await sql.query(
      `UPDATE console_users
          SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $3
        WHERE id = $1 AND totp_pending_secret = $2 AND totp_secret IS NULL RETURNING id`,
      [user.id, pending.raw, step],
    );
    if (done.length === 0) {
      throw new ConsoleError(
        409,
        'conflict',
        'Two-step sign-in was changed meanwhile; reload and try again.',
      );
    }
    return { totpEnabled: true, totpPending: false };
  });
}

/** Turns TOTP off with a valid current code, never one already used (400 invalid_code otherwise). */
export function disableTotp(
  sql: Sql,
  user: User,
  code: string,
  meta: RequestMeta,
  now = new Date(),
): Promise<TotpStatusResponse> {
  return audited(sql, user, 'console.totp.disable', meta, async () => {
    const raw = (await state(sql, user.id)).totp_secret;
    if (raw === null) throw new ConsoleError(409, 'conflict', 'Two-step sign-in is not on.');
    const secret = opened(sql, user.id, raw);
    const step = matchStep(secret.base32, code, now);
    if (step === undefined) throw invalidCode(400);
    const done = await sql.query(
      `UPDATE console_users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL
        WHERE id = $1 AND totp_secret = $2 AND (totp_last_step IS NULL OR totp_last_step < $3)
        RETURNING id`,
      [user.id, secret.raw, step],
    );
    if (done.length === 0) throw invalidCode(400);
    return { totpEnabled: false, totpPending: false };
  });
}

/**
 * Clears a user's TOTP (enabled or pending) without a code, for an admin helping someone who lost
 * their authenticator; the caller audits it. True when there was anything to clear.
 */
export async function resetTotp(sql: Sql, userId: string): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE console_users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL
      WHERE id = $1 AND (totp_secret IS NOT NULL OR totp_pending_secret IS NOT NULL) RETURNING id`,
    [userId],
  );
  return rows.length > 0;
}
