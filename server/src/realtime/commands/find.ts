import type { ConversationRow } from '../../im/conversations';
import { TEMP_CONV_PREFIX } from '../../im/temp-sweep';
import { RtmCode, RtmError } from '../codes';
import type { RealtimeContext } from '../context';

/** Temporary conversations' ids begin with this (the SDK tells them apart by it). */
export const TEMP_PREFIX = TEMP_CONV_PREFIX;

/**
 * A conversation by id, temporary ones included. A temporary conversation past its expiry is
 * refused with 4323 (TEMPORARY_CONVERSATION_EXPIRED), as if it were gone.
 */
export async function findConversation(
  ctx: RealtimeContext,
  cid: string,
): Promise<ConversationRow | undefined> {
  const conv = await ctx.im.conversations.find(ctx.sql, cid);
  if (!cid.startsWith(TEMP_PREFIX)) return conv;
  const expireAt = typeof conv?.data.expireAt === 'number' ? conv.data.expireAt : 0;
  if (!conv || expireAt <= ctx.im.clock.now().getTime())
    throw new RtmError(
      RtmCode.TemporaryConversationExpired,
      `Temporary conversation ${cid} expired or does not exist.`,
    );
  return conv;
}

export const membersOf = (conv: ConversationRow): string[] =>
  Array.isArray(conv.data.m) ? conv.data.m.filter((x): x is string => typeof x === 'string') : [];
