import { LcCode } from '@switchboard/shared';
import { ApiError, badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRequest, ApiResponse } from '../http/types';
import type { ConversationRow } from './conversations';
import type { ImDeps } from './deps';
import type { LivePatch } from './live';
import type { ConvKind } from './kinds';
import { deleteMessage, findMessage, recallMessage, replaceMessage } from './messages';
import { publishMessage, recipientsOf } from './publish';
import type { MessageRow } from './messages';
import { intParam, modifySchema, parseBody, recallSchema, roomSendSchema, sendSchema } from './params';
import type { SendInput } from './params';
import type { RateCategory } from './rate';
import { memberAudience } from './offline-push';

/** Counts a call of `category` against the app's Doc 3 limits (429 past them). */
export async function rateCheck(d: ImDeps, req: ApiRequest, category: RateCategory): Promise<void> {
  await d.rate.count(req.sql, d.clock.now(), d.settings, category, req.inBatch === true);
}

/** POST .../messages of a conversation or chat room. */
export async function sendToConversation(
  d: ImDeps,
  req: ApiRequest,
  kind: 'conv' | 'room',
): Promise<ApiResponse> {
  requireMaster(req.auth, 'sending messages');
  const input = parseBody(kind === 'room' ? roomSendSchema : sendSchema, req.body);
  const id = req.params.convId ?? '';
  const conv = await d.conversations.require(req.sql, id, kind);
  await rateCheck(d, req, 'normal');
  const extra: Record<string, unknown> = {};
  for (const k of ['no_sync', 'push_data', 'priority', 'mention_all', 'mention_client_ids'] as const)
    if (k in input && (input as Record<string, unknown>)[k] !== undefined)
      extra[k] = (input as Record<string, unknown>)[k];
  const mentions = (input as { mention_client_ids?: string[] }).mention_client_ids;
  const message = {
    convId: id,
    kind,
    from: input.from_client,
    data: input.message,
    transient: input.transient,
    extra,
    ...(mentions ? { mentionPids: mentions } : {}),
    ...((input as { mention_all?: boolean }).mention_all ? { mentionAll: true } : {}),
  };
  const now = d.clock.now();
  // Doc 3: chat rooms take no push_data.
  const pushData = kind === 'conv' ? (input as SendInput).push_data : undefined;
  let sent: { msgId: string; ts: number };
  try {
    sent = await publishMessage(d, req.sql, conv, message, undefined, {
      data: pushData,
      audience: (tx) => memberAudience(d, tx, id, input.from_client),
    });
  } catch (e) {
    // A send to a conversation that is not there did not happen: it does not count.
    if (e instanceof ApiError && e.status === 404) d.rate.refund('normal', now);
    throw e;
  }
  return { body: { 'msg-id': sent.msgId, timestamp: sent.ts } };
}

/**
 * LeanCloud's IM REST guide counts a change to a message in its sending's category: a global
 * broadcast's as a broadcast, a broadcast to a service conversation's subscribers as a
 * subscription message, any other as a normal message.
 */
const categoryOf = (row: MessageRow): RateCategory =>
  row.global ? 'broadcast' : row.broadcast ? 'subscription' : 'normal';

/** A modify or recall, for the members connected now. */
export function patchOf(
  conv: ConversationRow,
  row: MessageRow,
  data: string,
  recall: boolean,
  patchTs: number,
): LivePatch {
  return {
    convId: row.conv_id,
    to: recipientsOf(conv, row.to_clients ?? undefined),
    from: row.from_client,
    msgId: row.msg_id,
    ts: Number(row.ts),
    data,
    recall,
    patchTs,
  };
}

/** The message `msgId` of conversation `convId` whose timestamp and sender match (Doc 3 rules). */
async function matching(
  req: ApiRequest,
  convId: string,
  msgId: string,
  from: string,
  timestamp: number,
): Promise<MessageRow> {
  const row = await findMessage(req.sql, convId, msgId);
  if (!row || Number(row.ts) !== timestamp || row.from_client !== from)
    throw new ApiError(
      404,
      LcCode.ObjectNotFound,
      `No message ${JSON.stringify(msgId)} in this conversation with timestamp ${timestamp} from ${JSON.stringify(from)}.`,
    );
  return row;
}

function assertRecipients(row: MessageRow, toClients: string[] | undefined): void {
  if (!toClients) return;
  if (!row.to_clients)
    throw badRequest(LcCode.InvalidParameter, 'to_clients is only for a message sent to chosen users.');
  const missing = toClients.filter((c) => !row.to_clients?.includes(c));
  if (missing.length)
    throw badRequest(
      LcCode.InvalidParameter,
      `The message was not sent to ${missing.map((c) => JSON.stringify(c)).join(', ')}.`,
    );
}

/** PUT .../messages/{message_id}: replaces the body when timestamp and from_client match. */
export async function modifyMessage(d: ImDeps, req: ApiRequest, kind: ConvKind): Promise<ApiResponse> {
  requireMaster(req.auth, 'modifying messages');
  const input = parseBody(modifySchema, req.body);
  if (input.to_clients && kind !== 'sys')
    throw badRequest(LcCode.InvalidParameter, 'to_clients is only for service conversations.');
  const convId = req.params.convId ?? '';
  const conv = await d.conversations.require(req.sql, convId, kind);
  const row = await matching(req, convId, req.params.msgId ?? '', input.from_client, input.timestamp);
  assertRecipients(row, input.to_clients);
  await rateCheck(d, req, categoryOf(row));
  const patchTs = d.clock.now().getTime();
  await replaceMessage(req.sql, row.msg_id, input.message, patchTs);
  d.live.patch(patchOf(conv, row, input.message, false, patchTs));
  return { body: {} };
}

/** PUT .../messages/{message_id}/recall. */
export async function recall(d: ImDeps, req: ApiRequest, kind: ConvKind): Promise<ApiResponse> {
  requireMaster(req.auth, 'recalling messages');
  const input = parseBody(recallSchema, req.body);
  if (input.to_clients && kind !== 'sys')
    throw badRequest(LcCode.InvalidParameter, 'to_clients is only for service conversations.');
  const convId = req.params.convId ?? '';
  const conv = await d.conversations.require(req.sql, convId, kind);
  const row = await matching(req, convId, req.params.msgId ?? '', input.from_client, input.timestamp);
  assertRecipients(row, input.to_clients);
  await rateCheck(d, req, categoryOf(row));
  const patchTs = d.clock.now().getTime();
  await recallMessage(req.sql, row.msg_id, patchTs);
  d.live.patch(patchOf(conv, row, '', true, patchTs));
  return { body: {} };
}

/** The from_client and timestamp a delete names in its query. */
export function deleteQuery(req: ApiRequest): { from: string; timestamp: number } {
  const from = req.query.from_client;
  const timestamp = intParam(req.query, 'timestamp', undefined);
  if (!from || timestamp === undefined)
    throw badRequest(
      LcCode.InvalidParameter,
      'Deleting a message needs the query parameters from_client and timestamp.',
    );
  return { from, timestamp };
}

/** DELETE .../messages/{message_id}: removed on the server only. */
export async function removeMessage(d: ImDeps, req: ApiRequest, kind: 'conv' | 'room'): Promise<ApiResponse> {
  requireMaster(req.auth, 'deleting messages');
  const { from, timestamp } = deleteQuery(req);
  const convId = req.params.convId ?? '';
  await d.conversations.require(req.sql, convId, kind);
  const row = await matching(req, convId, req.params.msgId ?? '', from, timestamp);
  await deleteMessage(req.sql, row.msg_id);
  return { body: {} };
}
