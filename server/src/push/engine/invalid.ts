import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from '../../store/tables';
import { INSTALLATION_CLASS } from '../model';

/**
 * Doc 2: "when the push gateway reports a device token expired, the record is deleted, the token is
 * marked invalid and later messages to it are dropped".
 */
export async function deadTokens(sql: Sql, tokens: string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await sql.query<{ token: string }>(
    'SELECT token FROM lc_push_invalid_tokens WHERE token = ANY($1::text[])',
    [tokens],
  );
  return new Set(rows.map((r) => r.token));
}

export async function markInvalid(
  tx: Sql,
  gone: { installationId?: string | undefined; token: string }[],
  now: Date,
): Promise<void> {
  if (gone.length === 0) return;
  await tx.query(
    `INSERT INTO lc_push_invalid_tokens (token, marked_at) SELECT t, $2 FROM unnest($1::text[]) AS t
     ON CONFLICT (token) DO UPDATE SET marked_at = EXCLUDED.marked_at`,
    [gone.map((g) => g.token), now],
  );
  const ids = gone.flatMap((g) => (g.installationId ? [g.installationId] : []));
  if (ids.length === 0) return;
  await tx.query(`DELETE FROM ${tableFor(INSTALLATION_CLASS)} WHERE id = ANY($1::text[])`, [ids]);
  await tx.query(
    "DELETE FROM lc_relations WHERE owner_class = '_Installation' AND owner_id = ANY($1::text[])",
    [ids],
  );
}

/** A device registering its token again (a new installation) makes it valid again. */
export async function forgetInvalidToken(sql: Sql, token: string): Promise<void> {
  await sql.query('DELETE FROM lc_push_invalid_tokens WHERE token = $1', [token]);
}
