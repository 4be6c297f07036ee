import type { Sql } from '@switchboard/shared/sql';

/** One third-party identity: authData.<platform> identified by its uid. */
export interface Link {
  platform: string;
  uid: string;
}

/** The user linked to any of these identities (the first match in the given order). */
export async function findLinkedUser(sql: Sql, links: Link[]): Promise<string | undefined> {
  for (const l of links) {
    const rows = await sql.query<{ user_id: string }>(
      'SELECT user_id FROM lc_auth_links WHERE platform = $1 AND uid = $2',
      [l.platform, l.uid],
    );
    if (rows[0]) return rows[0].user_id;
  }
  return undefined;
}

/**
 * Makes the user's links exactly `links`. Returns the identities another user already holds
 * (nothing is written for those; the caller refuses the change).
 */
export async function replaceLinks(sql: Sql, userId: string, links: Link[]): Promise<Link[]> {
  await sql.query('DELETE FROM lc_auth_links WHERE user_id = $1', [userId]);
  const taken: Link[] = [];
  for (const l of links) {
    const rows = await sql.query(
      'INSERT INTO lc_auth_links (platform, uid, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING uid',
      [l.platform, l.uid, userId],
    );
    if (rows.length === 0) taken.push(l);
  }
  return taken;
}
