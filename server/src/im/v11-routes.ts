import { z } from 'zod';
import { LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ApiRequest } from '../http/types';
import { deliverBroadcast } from './broadcast-live';
import type { ImDeps } from './deps';
import { oneMonthAhead } from './global-routes';
import { readHistory } from './history-routes';
import type { HistoryScope } from './history-routes';
import { kindOf } from './kinds';
import { modifyMessage, rateCheck, recall } from './message-ops';
import type { NewMessage } from './messages';
import { memberAudience, storeWithPush, subscriberAudience } from './offline-push';
import type { PushAudience } from './offline-push';
import { publishMessage } from './publish';
import { clientId, clientIds, messageText, parseBody } from './params';

/**
 * The 1.1 paths the SDKs still send (leancloud-storage's AV.Conversation#send and #broadcast),
 * with LeanCloud's shapes: `from_peer` (or `from_client`), `to_peers`, `conv_id`, and answers
 * wrapped as {"result": {"msg-id", "timestamp"}}. Each reuses the 1.2 rules of its operation.
 */
const sender = { from_peer: clientId.optional(), from_client: clientId.optional() };
const pushData = z.union([z.string(), z.record(z.string(), z.unknown())]).optional();

const sendSchema = z.strictObject({
  ...sender,
  conv_id: z.string().min(1).max(256),
  message: messageText,
  transient: z.boolean().optional(),
  no_sync: z.boolean().optional(),
  push_data: pushData,
  priority: z
    .string()
    .regex(/^(high|normal|low)$/i, 'priority is one of high, normal, low')
    .optional(),
  to_peers: clientIds('to_peers', 20).min(1, 'to_peers needs at least one client id').optional(),
});
const broadcastSchema = z.strictObject({
  ...sender,
  conv_id: z.string().min(1).max(256),
  message: messageText,
  push: pushData,
  valid_till: z.number().int().positive().optional(),
  transient: z.boolean().optional(),
});
const patchSchema = z.strictObject({
  ...sender,
  conv_id: z.string().min(1).max(256),
  msg_id: z.string().min(1).max(256),
  timestamp: z.number({ error: 'timestamp (ms) is required' }).int(),
  message: messageText.optional(),
  recall: z.boolean().optional(),
});

function fromOf(b: { from_peer?: string | undefined; from_client?: string | undefined }): string {
  const from = b.from_peer ?? b.from_client;
  if (!from) throw badRequest(LcCode.InvalidParameter, 'from_peer (the sender client id) is required.');
  return from;
}

const answer = (sent: { msgId: string; ts: number }) => ({
  body: { result: { 'msg-id': sent.msgId, timestamp: sent.ts } },
});

export function v11Routes(router: ApiRouter, d: ImDeps): void {
  const store = (
    req: ApiRequest,
    m: NewMessage,
    push: string | Record<string, unknown> | undefined,
    audience: (tx: ApiRequest['sql']) => Promise<PushAudience>,
  ) => storeWithPush(d, req.sql, m, { data: push, audience });
  /** A broadcast, stored and then handed to the clients online. */
  const broadcast = async (...args: Parameters<typeof store>) => {
    const sent = await store(...args);
    await deliverBroadcast(d, args[0].sql, args[1], sent);
    return sent;
  };

  router.on('POST', '/1.1/rtm/messages', async (req) => {
    requireMaster(req.auth, 'sending messages');
    const b = parseBody(sendSchema, req.body);
    const from = fromOf(b);
    const conv = await d.conversations.require(req.sql, b.conv_id, 'any');
    const kind = kindOf(conv.data);
    if (kind === 'sys' && !b.to_peers)
      throw badRequest(
        LcCode.InvalidParameter,
        'A message in a service conversation goes to chosen users (to_peers); use /1.1/rtm/broadcast/subscriber for all subscribers.',
      );
    if (kind !== 'sys' && b.to_peers)
      throw badRequest(LcCode.InvalidParameter, 'to_peers is only for service (system) conversations.');
    await rateCheck(d, req, 'normal');
    const extra: Record<string, unknown> = {};
    for (const k of ['no_sync', 'push_data', 'priority'] as const) if (b[k] !== undefined) extra[k] = b[k];
    const to = b.to_peers ? [...new Set(b.to_peers)] : undefined;
    return answer(
      await publishMessage(
        d,
        req.sql,
        conv,
        { convId: b.conv_id, kind, from, data: b.message, transient: b.transient, toClients: to, extra },
        undefined,
        {
          // Doc 3: chat rooms have no push_data.
          data: kind === 'room' ? undefined : b.push_data,
          audience: (tx) =>
            to
              ? Promise.resolve({ clients: to.filter((c) => c !== from) })
              : memberAudience(d, tx, b.conv_id, from),
        },
      ),
    );
  });

  router.on('GET', '/1.1/rtm/messages/history', async (req) => {
    requireMaster(req.auth, 'reading message history');
    const { convid, from, max_ts, msgid, reversed, limit } = req.query;
    const query: Record<string, string> = {};
    if (max_ts !== undefined) query.timestamp = max_ts;
    if (msgid !== undefined) query.msgid = msgid;
    if (reversed !== undefined) query.reversed = reversed;
    if (limit !== undefined) query.limit = limit;
    if (convid)
      return readHistory(d, { ...req, query }, { where: ['conv_id = $1'], params: [convid] }, convid, 'any');
    let scope: HistoryScope = { where: [], params: [] };
    if (from) scope = { where: ['from_client = $1', "kind <> 'sys'"], params: [from] };
    return readHistory(d, { ...req, query }, scope);
  });

  // Doc 3 Limits: /1.1/rtm/broadcast/subscriber sends subscription messages (to every subscriber).
  router.on('POST', '/1.1/rtm/broadcast/subscriber', async (req) => {
    requireMaster(req.auth, 'broadcasting');
    const b = parseBody(broadcastSchema.omit({ valid_till: true, transient: true }), req.body);
    const from = fromOf(b);
    await d.conversations.require(req.sql, b.conv_id, 'sys');
    await rateCheck(d, req, 'subscription');
    return answer(
      await broadcast(
        req,
        {
          convId: b.conv_id,
          kind: 'sys',
          from,
          data: b.message,
          broadcast: true,
          ...(b.push === undefined ? {} : { extra: { push: b.push } }),
        },
        b.push,
        (tx) => subscriberAudience(tx, b.conv_id, from),
      ),
    );
  });

  // Doc 3 Limits: /1.1/rtm/broadcast is the (global) broadcast.
  router.on('POST', '/1.1/rtm/broadcast', async (req) => {
    requireMaster(req.auth, 'global broadcasts');
    const b = parseBody(broadcastSchema, req.body);
    const from = fromOf(b);
    const latest = oneMonthAhead(d.clock.now());
    if (b.valid_till !== undefined && b.valid_till > latest)
      throw badRequest(LcCode.InvalidParameter, 'valid_till is at most one month ahead.');
    await d.conversations.require(req.sql, b.conv_id, 'sys');
    await rateCheck(d, req, 'broadcast');
    return answer(
      await broadcast(
        req,
        {
          convId: b.conv_id,
          kind: 'sys',
          from,
          data: b.message,
          broadcast: true,
          global: true,
          validTill: b.valid_till ?? latest,
          transient: b.transient,
          ...(b.push === undefined ? {} : { extra: { push: b.push } }),
        },
        b.push,
        () => Promise.resolve({ everyDevice: true }),
      ),
    );
  });

  // Modify ({message}) or recall ({recall: true}) by conv_id and msg_id.
  const patch = async (req: ApiRequest) => {
    requireMaster(req.auth, 'modifying messages');
    const b = parseBody(patchSchema, req.body);
    const from = fromOf(b);
    const conv = await d.conversations.require(req.sql, b.conv_id, 'any');
    const kind = kindOf(conv.data);
    const params = { ...req.params, convId: b.conv_id, msgId: b.msg_id };
    if (b.recall === true)
      return recall(d, { ...req, params, body: { from_client: from, timestamp: b.timestamp } }, kind);
    if (b.message === undefined)
      throw badRequest(LcCode.InvalidParameter, 'Send message (the new content) or recall: true.');
    return modifyMessage(
      d,
      { ...req, params, body: { from_client: from, timestamp: b.timestamp, message: b.message } },
      kind,
    );
  };
  router.on('PUT', '/1.1/rtm/patch/message', patch);
  router.on('POST', '/1.1/rtm/patch/message', patch);
}
