import type { Sql } from '@switchboard/shared/sql';

/**
 * Conversations a client has blocked (LeanCloud's client-to-conversation blacklist), written by the
 * realtime `blacklist` command and the REST `/1.2/rtm/clients/{client_id}/blacklists` alike.
 */
export async function setClientBlocks(
  sql: Sql,
  clientId: string,
  cids: string[],
  on: boolean,
  now: number,
): Promise<void> {
  if (on)
    await sql.query(
      `INSERT INTO lc_im_client_blocks (client_id, conv_id, created_at)
       SELECT $1, x, $3 FROM unnest($2::text[]) x ON CONFLICT DO NOTHING`,
      [clientId, cids, now],
    );
  else
    await sql.query('DELETE FROM lc_im_client_blocks WHERE client_id = $1 AND conv_id = ANY($2::text[])', [
      clientId,
      cids,
    ]);
}

/** A page of a client's blocked conversations, by id; `next` is the last id of the page before. */
export async function clientBlocksPage(
  sql: Sql,
  clientId: string,
  limit: number,
  after: string,
): Promise<{ ids: string[]; next: string | undefined }> {
  const rows = await sql.query<{ conv_id: string }>(
    `SELECT conv_id FROM lc_im_client_blocks WHERE client_id = $1 AND conv_id > $2
      ORDER BY conv_id LIMIT $3`,
    [clientId, after, limit + 1],
  );
  const ids = rows.slice(0, limit).map((r) => r.conv_id);
  return { ids, next: rows.length > limit ? ids[ids.length - 1] : undefined };
}
