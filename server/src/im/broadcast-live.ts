import type { Sql } from '@switchboard/shared/sql';
import type { ImDeps } from './deps';
import type { LiveMessage } from './live';
import type { NewMessage } from './messages';

/** Subscribers looked up per query: a service may have millions, of whom few are online. */
const PAGE = 1000;

/**
 * A broadcast to every subscriber of a service conversation reaches the ones online now (the
 * others read it from history and get its offline push). Subscribers are read page by page and
 * each page's online clients get it, so no list of every subscriber is held at once.
 */
async function toSubscribers(d: ImDeps, sql: Sql, m: LiveMessage): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await sql.query<{ client_id: string }>(
      `SELECT client_id FROM lc_im_subscribers WHERE conv_id = $1 AND client_id > $2
        ORDER BY client_id LIMIT ${PAGE}`,
      [m.convId, after],
    );
    const ids = rows.map((r) => r.client_id).filter((c) => c !== m.from);
    const online = ids.length ? await d.live.online(ids) : [];
    if (online.length) d.live.message({ ...m, to: online });
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]?.client_id ?? '';
  }
}

/**
 * A stored broadcast (REST 1.1 or 1.2) to the clients online now, as a `direct` of the service
 * conversation: a global one to every client, else to the conversation's subscribers.
 */
export async function deliverBroadcast(
  d: ImDeps,
  sql: Sql,
  m: NewMessage,
  sent: { msgId: string; ts: number },
): Promise<void> {
  const live: LiveMessage = {
    convId: m.convId,
    kind: 'sys',
    to: [],
    from: m.from,
    msgId: sent.msgId,
    ts: sent.ts,
    data: m.data,
    transient: m.transient ?? false,
  };
  if (m.global) d.live.messageEveryone(live);
  else await toSubscribers(d, sql, live);
}
