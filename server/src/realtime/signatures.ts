import { createHmac, timingSafeEqual } from 'node:crypto';
import { RtmCode, RtmError } from './codes';
import type { RealtimeContext } from './context';

/** How far a signature's timestamp may be from the server's clock. */
const SIGNATURE_WINDOW_MS = 60 * 60 * 1000;
/** Below this a timestamp is in seconds (LeanCloud's own signing demo signs with seconds). */
const SECONDS_BELOW = 1e11;

/** The s, t, n a signed command carries. */
export interface Signed {
  s?: unknown;
  t?: unknown;
  n?: unknown;
}

/**
 * Conversation operations signed as LeanCloud's realtime guide ("权限和认证") gives them, each the
 * hex HMAC-SHA1 under the master key of:
 * - create (conv start): `appid:clientid:sorted_member_ids:timestamp:nonce`
 * - invite / kick (conv add / remove, also joining and quitting):
 *   `appid:clientid:convid:sorted_member_ids:timestamp:nonce:action`
 * - conversation-block-clients / conversation-unblock-clients (blacklist block / unblock):
 *   `appid:clientid:convid:sorted_member_ids:timestamp:nonce:action`
 * - client-block-conversations / client-unblock-conversations (a client blocks conversations):
 *   `appid:clientid:convid::timestamp:nonce:action`, no members; several conversations in one
 *   command stand in the convid place, ascending, joined by `:`.
 * sorted_member_ids: the client ids of the operation, ascending, joined by `:` (for create, the
 * members with the creator, as the SDK signs them).
 */
export type ConversationAction =
  | { action: 'create'; members: string[] }
  | {
      action:
        | 'invite'
        | 'kick'
        | 'conversation-block-clients'
        | 'conversation-unblock-clients'
        | 'client-block-conversations'
        | 'client-unblock-conversations';
      cid: string;
      members: string[];
    };

export function conversationSignatureMessage(
  appId: string,
  clientId: string,
  op: ConversationAction,
  timestamp: number,
  nonce: string,
): string {
  const sorted = [...op.members].sort().join(':');
  return op.action === 'create'
    ? `${appId}:${clientId}:${sorted}:${timestamp}:${nonce}`
    : `${appId}:${clientId}:${op.cid}:${sorted}:${timestamp}:${nonce}:${op.action}`;
}

export const hmacHex = (masterKey: string, message: string) =>
  createHmac('sha1', masterKey).update(message).digest('hex');

/** Whether a signature's timestamp (milliseconds, or seconds) is within an hour of `now`. */
export function timestampFresh(t: number, now: number): boolean {
  const ms = t < SECONDS_BELOW ? t * 1000 : t;
  return Math.abs(now - ms) <= SIGNATURE_WINDOW_MS;
}

export function sameHex(want: string, got: string): boolean {
  const a = Buffer.from(want);
  const b = Buffer.from(got);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Refuses a conversation operation whose signature is missing (when the app requires them) or
 * wrong, with 4302 (CONVERSATION_SIGNATURE_FAILED, "Conversation action signature mismatch." in
 * the SDK's error table). A signature sent when none is required is checked all the same.
 */
export function checkConversationSignature(
  ctx: RealtimeContext,
  clientId: string,
  signed: Signed,
  op: ConversationAction,
): void {
  if (signed.s === undefined && !ctx.conversationSignatureRequired) return;
  const { s, t, n } = signed;
  if (typeof s !== 'string' || typeof n !== 'string' || typeof t !== 'number')
    throw new RtmError(
      RtmCode.ConversationSignatureFailed,
      `This app requires a signature (s, t and n) for ${op.action}.`,
    );
  if (!timestampFresh(t, ctx.im.clock.now().getTime()))
    throw new RtmError(
      RtmCode.ConversationSignatureFailed,
      'The signature timestamp is more than an hour away.',
    );
  const want = hmacHex(ctx.im.masterKey, conversationSignatureMessage(ctx.im.appId, clientId, op, t, n));
  if (!sameHex(want, s))
    throw new RtmError(RtmCode.ConversationSignatureFailed, `The ${op.action} signature does not match.`);
}
