import type { Sql } from '@switchboard/shared/sql';
import type { ImDeps } from './deps';

/** As the gateway's presence: a process not heard from for this long is gone, with its clients. */
const STALE_S = 30;

/** Every client online on any live process, from the presence table the gateway keeps. */
async function everyoneOnline(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ client_id: string }>(
    `SELECT DISTINCT p.client_id FROM lc_im_presence p JOIN lc_im_nodes n ON n.node = p.node
     WHERE n.seen_at > now() - interval '${STALE_S} seconds'`,
  );
  return rows.map((r) => r.client_id);
}

/**
 * Doc 3 global broadcast: "sent to every user of the app". The history keeps it for clients that
 * log in later; those online now get it live, as a message of the service conversation.
 */
export async function deliverGlobalBroadcast(
  d: ImDeps,
  sql: Sql,
  m: { convId: string; from: string; msgId: string; ts: number; data: string; transient: boolean },
): Promise<void> {
  const to = await everyoneOnline(sql);
  if (!to.length) return;
  d.live.message({ ...m, kind: 'sys', to, bin: false });
}
