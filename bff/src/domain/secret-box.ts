import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';

/*
 * Secrets the console must read back (TOTP seeds) are stored sealed with AES-256-GCM under the
 * console secret key (CONSOLE_SECRET_KEY, see secret-key.ts), so a copy of the database alone does
 * not let anyone compute sign-in codes. A sealed value is `v1:` + base64url(iv | tag | ciphertext);
 * the owner's id is the additional data, so a sealed value moved to another row does not open.
 * Base32 secrets stored before sealing never contain ':', so they are told apart and still read.
 */
const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const CHECK_CONTEXT = 'console_secret_check';
const CHECK_VALUE = 'switchboard console secret key check';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the console secret key must be 32 bytes');
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain value; undefined when it was sealed under another key (or altered). */
  open(stored: string, context: string): string | undefined {
    if (!isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return undefined;
    }
  }
}

export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

/*
 * The box is bound to the database whose secrets it seals: every function given that Sql (or a
 * transaction on it) finds the same key without it being threaded through each route.
 */
const boxes = new WeakMap<Sql, SecretBox>();

export function secretBoxFor(sql: Sql): SecretBox {
  const box = boxes.get(sql);
  if (!box) throw new Error('no console secret key is bound to this database (call bindSecretKey)');
  return box;
}

/** Binds the box to sql only, without the startup checks (tests of single functions). */
export function bindBox(sql: Sql, box: SecretBox): void {
  boxes.set(sql, box);
}

const mismatch = (source: string) =>
  new Error(
    `the console secret key (${source}) is not the one this console database was set up with, ` +
      'so its two-step sign-in secrets cannot be read. Start with the original CONSOLE_SECRET_KEY ' +
      '(or the original key file), or, to give up every enrolled authenticator, clear ' +
      'console_users.totp_secret and totp_pending_secret and delete the console_secret_check row.',
  );

/**
 * Checks the key against the database (storing a sealed check value on first use), then seals
 * secrets stored before sealing existed, and binds the box to sql. Throws at startup when the
 * key is not the database's, so sign-in never meets an unreadable secret.
 */
export async function bindSecretKey(sql: Sql, key: Buffer, source: string): Promise<{ sealed: number }> {
  const box = new SecretBox(key);
  await sql.query(
    'INSERT INTO console_secret_check (id, sealed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING',
    [box.seal(CHECK_VALUE, CHECK_CONTEXT)],
  );
  const [check] = await sql.query<{ sealed: string }>('SELECT sealed FROM console_secret_check WHERE id = 1');
  if (!check || box.open(check.sealed, CHECK_CONTEXT) !== CHECK_VALUE) throw mismatch(source);
  const sealed = await sealPlainSecrets(sql, box);
  boxes.set(sql, box);
  return { sealed };
}

/** Seals every TOTP secret still stored in plain text; each row only if it is unchanged meanwhile. */
async function sealPlainSecrets(sql: Sql, box: SecretBox): Promise<number> {
  const rows = await sql.query<{
    id: string;
    totp_secret: string | null;
    totp_pending_secret: string | null;
  }>(
    `SELECT id, totp_secret, totp_pending_secret FROM console_users
      WHERE totp_secret NOT LIKE 'v1:%' OR totp_pending_secret NOT LIKE 'v1:%'`,
  );
  let count = 0;
  for (const r of rows) {
    for (const column of ['totp_secret', 'totp_pending_secret'] as const) {
      const value = r[column];
      if (value === null || isSealed(value)) continue;
      const done = await sql.query(
        `UPDATE console_users SET ${column} = $3 WHERE id = $1 AND ${column} = $2 RETURNING id`,
        [r.id, value, box.seal(value, totpContext(r.id))],
      );
      count += done.length;
    }
  }
  return count;
}

/** The additional data a user's TOTP secret is sealed with. */
export const totpContext = (userId: string): string => `console_users.totp:${userId}`;
