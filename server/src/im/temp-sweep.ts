import type { Sql } from '@switchboard/shared/sql';
import { tableFor } from '../store/tables';
import { CONVERSATION_CLASS } from './kinds';

/** Temporary conversations' ids begin with this (the realtime SDK tells them apart by it). */
export const TEMP_CONV_PREFIX = '_tmp:';
/** The first id after every `_tmp:` one (`;` follows `:`), for a range scan of the primary key. */
const TEMP_CONV_END = '_tmp;';

/** How often a server process looks for expired temporary conversations. */
export const TEMP_SWEEP_EVERY_MS = 600_000;

export interface SweepLimits {
  /** Conversations removed per transaction. */
  conversations: number;
  /** Messages removed per statement, before their conversations go. */
  messages: number;
}

const DEFAULT_LIMITS: SweepLimits = { conversations: 100, messages: 5000 };

/**
 * Tables of per-conversation rows, each with an index leading with conv_id, that go with a
 * conversation (messages are removed first, read positions through the members).
 */
const CONV_TABLES = [
  'lc_im_conv_state',
  'lc_im_subscribers',
  'lc_im_member_roles',
  'lc_im_shutup',
  'lc_im_blocked',
  'lc_im_client_blocks',
];

/**
 * Removes the temporary conversations expired at `now`, with their messages, read positions,
 * roles, mutes and blocks (clients' blocks of them too), in bounded batches so no one transaction holds many rows: messages go
 * a few thousand per statement first, then each batch of conversations and their other rows in
 * one transaction (with any message that came in meanwhile). An expiry that is not a number
 * counts as expired, as the realtime lookups refuse such a conversation already. Returns how
 * many conversations were removed.
 */
export async function sweepExpiredTemporary(
  sql: Sql,
  now: Date,
  limits: SweepLimits = DEFAULT_LIMITS,
): Promise<number> {
  const table = tableFor(CONVERSATION_CLASS);
  let removed = 0;
  for (;;) {
    const ids = (
      await sql.query<{ id: string }>(
        `SELECT id FROM ${table}
          WHERE id >= $1 AND id < $2
            AND NOT (jsonb_typeof(data->'expireAt') = 'number' AND (data->'expireAt')::numeric > $3)
          ORDER BY id LIMIT $4`,
        [TEMP_CONV_PREFIX, TEMP_CONV_END, now.getTime(), limits.conversations],
      )
    ).map((r) => r.id);
    if (!ids.length) return removed;
    while (await deleteSomeMessages(sql, ids, limits.messages));
    await sql.transaction(async (tx) => {
      await tx.query(`DELETE FROM lc_im_messages WHERE conv_id = ANY($1::text[])`, [ids]);
      for (const t of CONV_TABLES) await tx.query(`DELETE FROM ${t} WHERE conv_id = ANY($1::text[])`, [ids]);
      // Read positions are keyed by client first (no index leads with the conversation): found
      // through the members, a key lookup each instead of a scan of every client's positions.
      await tx.query(
        `DELETE FROM lc_im_reads r USING (
           SELECT c.id, m.client_id FROM ${table} c,
                  jsonb_array_elements_text(CASE WHEN jsonb_typeof(c.data->'m') = 'array' THEN c.data->'m' ELSE '[]'::jsonb END) AS m(client_id)
            WHERE c.id = ANY($1::text[])
         ) x WHERE r.client_id = x.client_id AND r.conv_id = x.id`,
        [ids],
      );
      await tx.query(`DELETE FROM ${table} WHERE id = ANY($1::text[])`, [ids]);
    });
    removed += ids.length;
  }
}

async function deleteSomeMessages(sql: Sql, ids: string[], limit: number): Promise<boolean> {
  const gone = await sql.query<{ n: number }>(
    `WITH doomed AS (
       SELECT conv_id, ts FROM lc_im_messages WHERE conv_id = ANY($1::text[]) LIMIT $2
     ), d AS (
       DELETE FROM lc_im_messages m USING doomed
        WHERE m.conv_id = doomed.conv_id AND m.ts = doomed.ts RETURNING 1
     )
     SELECT count(*)::int AS n FROM d`,
    [ids, limit],
  );
  return (gone[0]?.n ?? 0) >= limit;
}
