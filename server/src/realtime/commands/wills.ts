import type { NewMessage } from '../../im/messages';
import { publishMessage } from '../../im/publish';
import type { Session } from '../connection';
import type { RealtimeContext } from '../context';
import { findConversation } from './find';

type Will = NewMessage & { msgId: string; mentionPids?: string[]; mentionAll?: boolean };

/** A session's will messages: a few per session, held by the process that holds the connection. */
const WILLS_MAX = 10;
const wills = new WeakMap<Session, Will[]>();

/** Keeps a will message (`direct` with `will`) until the session's connection drops. */
export function keepWill(s: Session, w: Will): void {
  const list = wills.get(s) ?? [];
  // The newest few count: a client re-sending its will on every reconnect does not pile them up.
  list.push(w);
  wills.set(s, list.slice(-WILLS_MAX));
}

/** session close: the client left on purpose, so its will messages go unsent. */
export function dropWills(s: Session): void {
  wills.delete(s);
}

/**
 * The connection of `s` dropped without a session close: its will messages are stored and sent
 * to the members, as any message is. A conversation gone or left meanwhile takes nothing.
 */
export async function releaseWills(ctx: RealtimeContext, s: Session): Promise<void> {
  const list = wills.get(s);
  wills.delete(s);
  for (const w of list ?? []) {
    try {
      const conv = await findConversation(ctx, w.convId);
      const members = Array.isArray(conv?.data.m) ? (conv.data.m as unknown[]) : [];
      if (!conv || (w.kind === 'conv' && !members.includes(s.peerId))) continue;
      await publishMessage(ctx.im, ctx.sql, conv, w);
    } catch (e) {
      ctx.log(e);
    }
  }
}
