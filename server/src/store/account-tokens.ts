import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';

export type TokenKind = 'verify_email' | 'reset_password';

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** A one-time link token; only its hash is stored. `target` is the e-mail it was sent to. */
export async function issueToken(
  sql: Sql,
  t: { kind: TokenKind; userId: string; target: string; expiresAt: Date },
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await sql.query(
    'INSERT INTO lc_account_tokens (token_hash, kind, user_id, target, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hash(token), t.kind, t.userId, t.target, t.expiresAt],
  );
  return token;
}

export interface TokenRow {
  user_id: string;
  target: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function findToken(sql: Sql, kind: TokenKind, token: string): Promise<TokenRow | undefined> {
  const rows = await sql.query<TokenRow>(
    'SELECT user_id, target, expires_at, used_at FROM lc_account_tokens WHERE token_hash = $1 AND kind = $2 FOR UPDATE',
    [hash(token), kind],
  );
  return rows[0];
}

export async function useToken(sql: Sql, token: string, now: Date): Promise<void> {
  await sql.query('UPDATE lc_account_tokens SET used_at = $2 WHERE token_hash = $1', [hash(token), now]);
}
