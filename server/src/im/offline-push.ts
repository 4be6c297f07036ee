import { isPlainObject } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import type { PushRequest } from '../push';
import { randomAlnum } from '../push/request';
import type { ImDeps } from './deps';
import { notFound } from './conversations';
import { storeMessage } from './messages';
import type { NewMessage } from './messages';

/** Sends a push through the push engine inside `tx`, recorded with from-service `rtm`. */
export type ImPush = (tx: Sql, request: PushRequest) => Promise<string>;

/** Who an offline push reaches. */
export type PushAudience =
  /** The installations whose `channels` hold one of these client ids (how LeanCloud's SDKs tie a device to a client). */
  | { clients: string[] }
  /** Doc 3 global broadcast: "all iOS and Android users get the push". */
  | { everyDevice: true };

/**
 * Doc 3 push_data / push: "same shape as data of push (Document 2)", as a JSON object or a string
 * holding one; any other string is the alert text. `_profile: "dev"` selects the development
 * certificate (Doc 3 global broadcast) and is not part of what the device gets.
 */
export function pushDataOf(given: string | Record<string, unknown>): {
  data: Record<string, unknown>;
  prod: 'dev' | 'prod';
} {
  let data: Record<string, unknown> = { alert: given };
  if (typeof given !== 'string') data = { ...given };
  else {
    try {
      const parsed: unknown = JSON.parse(given);
      if (isPlainObject(parsed)) data = { ...parsed };
    } catch {
      // plain text: the alert
    }
  }
  const prod = data._profile === 'dev' ? 'dev' : 'prod';
  delete data._profile;
  return { data, prod };
}

/**
 * Offline push of a message (Doc 3 push_data, broadcast push): to the audience's clients that are
 * not connected to the realtime gateway now (a global broadcast goes to every device). Written in
 * `tx` with the message, so both or neither happen.
 */
export async function offlinePush(
  d: ImDeps,
  tx: Sql,
  given: string | Record<string, unknown>,
  audience: PushAudience,
): Promise<void> {
  let where: Record<string, unknown>;
  if ('everyDevice' in audience) where = { deviceType: { $in: ['ios', 'android'] } };
  else {
    // Doc 3: the push reaches members who are offline; those online get the message live.
    const all = [...new Set(audience.clients)];
    const online = new Set(all.length ? await d.live.online(all, tx) : []);
    const clients = all.filter((c) => !online.has(c));
    if (clients.length === 0) return;
    where = { channels: { $in: clients } };
  }
  const { data, prod } = pushDataOf(given);
  await d.push(tx, { kind: 'query', notificationId: randomAlnum(16), data, where, prod });
}

/** Doc 3 offline push of a conversation's message: its members but the sender and those in mu. */
export async function memberAudience(
  d: ImDeps,
  tx: Sql,
  convId: string,
  from: string,
): Promise<PushAudience> {
  const row = await d.conversations.find(tx, convId);
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const muted = new Set(list(row?.data.mu));
  return { clients: list(row?.data.m).filter((c) => c !== from && !muted.has(c)) };
}

/** A service conversation's subscribers but the sender (broadcast push: Doc 3 "iOS and Android subscribers"). */
export async function subscriberAudience(tx: Sql, convId: string, from: string): Promise<PushAudience> {
  const rows = await tx.query<{ client_id: string }>(
    'SELECT client_id FROM lc_im_subscribers WHERE conv_id = $1 AND client_id <> $2',
    [convId, from],
  );
  return { clients: rows.map((r) => r.client_id) };
}

/** A message's offline push: its push data (none: no push) and who it goes to. */
export interface OfflinePushOf {
  data: string | Record<string, unknown> | undefined;
  audience: (tx: Sql) => Promise<PushAudience>;
}

/**
 * Stores a message that the caller has found its conversation for, with its offline push when it
 * has push data (not for transient messages, which reach only who is online): both in one
 * transaction. A conversation deleted meanwhile is a 404.
 */
export async function storeWithPush(
  d: ImDeps,
  sql: Sql,
  m: NewMessage,
  push?: OfflinePushOf,
): Promise<{ msgId: string; ts: number }> {
  const now = d.clock.now().getTime();
  const given = m.transient ? undefined : push?.data;
  const sent =
    given === undefined
      ? await storeMessage(sql, m, now)
      : await sql.transaction(async (tx) => {
          const stored = await storeMessage(tx, m, now);
          if (stored && push) await offlinePush(d, tx, given, await push.audience(tx));
          return stored;
        });
  if (!sent) throw notFound(m.kind, m.convId);
  if (!m.transient) d.noteSend();
  return sent;
}
