import { createHash, randomBytes } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * An upload token of POST /1.1/fileTokens: it lets whoever holds it PUT the content of one file
 * record once. Only its hash is stored, so the table does not hand out working tokens.
 */
export interface UploadTokenRow {
  file_id: string;
  key: string;
  expires_at: Date;
  /** Set when the content arrived; a used token cannot upload again. */
  uploaded_at: Date | null;
}

export async function issueUploadToken(
  sql: Sql,
  t: { fileId: string; key: string; expiresAt: Date },
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await sql.query(
    'INSERT INTO lc_file_uploads (token_hash, file_id, key, expires_at) VALUES ($1, $2, $3, $4)',
    [hash(token), t.fileId, t.key, t.expiresAt],
  );
  return token;
}

const SELECT_TOKEN =
  'SELECT file_id, key, expires_at, uploaded_at FROM lc_file_uploads WHERE token_hash = $1';

/** The token's row, locked until the transaction ends (two uploads with one token queue up). */
export async function lockUploadToken(sql: Sql, token: string): Promise<UploadTokenRow | undefined> {
  return (await sql.query<UploadTokenRow>(`${SELECT_TOKEN} FOR UPDATE`, [hash(token)]))[0];
}

/** The token's row as it is now, unlocked: a first look before an upload is read. */
export async function findUploadToken(sql: Sql, token: string): Promise<UploadTokenRow | undefined> {
  return (await sql.query<UploadTokenRow>(SELECT_TOKEN, [hash(token)]))[0];
}

export async function markUploaded(sql: Sql, token: string, now: Date): Promise<void> {
  await sql.query('UPDATE lc_file_uploads SET uploaded_at = $2 WHERE token_hash = $1', [hash(token), now]);
}

export async function dropUploadToken(sql: Sql, token: string): Promise<void> {
  await sql.query('DELETE FROM lc_file_uploads WHERE token_hash = $1', [hash(token)]);
}

/** Tokens of deleted file records go with them. */
export async function dropUploadTokensOf(sql: Sql, fileIds: string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await sql.query('DELETE FROM lc_file_uploads WHERE file_id = ANY($1::text[])', [fileIds]);
}
