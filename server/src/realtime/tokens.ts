import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';

/** Session tokens (`st`) handed out by `session opened`, so a reconnect needs no new signature. */
export const SESSION_TOKEN_TTL_S = 2 * 24 * 3600;

interface Entry {
  peerId: string;
  tag: string | undefined;
}

/** Only a token's hash is stored: the table does not hand out working tokens. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * In the database, so every process knows every token: a client reconnecting to another process
 * (or after a restart) resumes with its token. An unknown or expired one is answered
 * SESSION_TOKEN_EXPIRED, upon which the SDK opens the session again the full way.
 */
export class TokenStore {
  constructor(private readonly sql: Sql) {}

  async issue(peerId: string, tag: string | undefined, now: number): Promise<string> {
    const token = randomBytes(18).toString('base64url');
    await this.sql.query(
      'INSERT INTO lc_rtm_tokens (token_hash, client_id, tag, expires_at) VALUES ($1, $2, $3, $4)',
      [hashOf(token), peerId, tag ?? null, now + SESSION_TOKEN_TTL_S * 1000],
    );
    if (Math.random() < 0.01) await this.sql.query('DELETE FROM lc_rtm_tokens WHERE expires_at <= $1', [now]);
    return token;
  }

  async check(token: string, peerId: string, now: number): Promise<Entry | undefined> {
    const [row] = await this.sql.query<{ tag: string | null }>(
      'SELECT tag FROM lc_rtm_tokens WHERE token_hash = $1 AND client_id = $2 AND expires_at > $3',
      [hashOf(token), peerId, now],
    );
    return row ? { peerId, tag: row.tag ?? undefined } : undefined;
  }
}
