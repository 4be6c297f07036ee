import type { Sql } from '@switchboard/shared/sql';
import type { ConversationRow } from './conversations';
import type { ImDeps } from './deps';
import { kindOf } from './kinds';
import type { NewMessage } from './messages';
import { storeWithPush } from './offline-push';
import type { OfflinePushOf } from './offline-push';

export interface Published {
  msgId: string;
  ts: number;
}

/** Who a message of `conv` reaches live: its members, or the chosen users when named. */
export function recipientsOf(conv: ConversationRow, toClients?: string[]): string[] {
  if (toClients) return toClients;
  const m = conv.data.m;
  return Array.isArray(m) ? m.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * Stores a message (with its offline push, when it has push data) and hands it to the live
 * connections: the one path of every send, whether it came through REST (1.1 or 1.2) or a realtime
 * `direct`, so history, unread counts, push and delivery never disagree. A conversation deleted
 * meanwhile is a 404.
 */
export async function publishMessage(
  d: ImDeps,
  sql: Sql,
  conv: ConversationRow,
  m: NewMessage & { mentionPids?: string[]; mentionAll?: boolean },
  origin?: string,
  push?: OfflinePushOf,
): Promise<Published> {
  const sent = await storeWithPush(d, sql, m, push);
  // A broadcast to every subscriber of a service conversation is read from history, not pushed live.
  if (m.broadcast) return sent;
  d.live.message({
    convId: m.convId,
    kind: kindOf(conv.data),
    to: recipientsOf(conv, m.toClients),
    from: m.from,
    msgId: sent.msgId,
    ts: sent.ts,
    data: m.data,
    bin: m.bin ?? false,
    transient: m.transient ?? false,
    ...(m.mentionPids?.length ? { mentionPids: m.mentionPids } : {}),
    ...(m.mentionAll ? { mentionAll: true } : {}),
    origin,
  });
  return sent;
}
