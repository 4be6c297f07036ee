import { z } from 'zod';
import { LcCode } from '@switchboard/shared';
import { ApiError, badRequest } from '../http/errors';
import { deliverBroadcast } from './broadcast-live';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { ApiRequest } from '../http/types';
import { parseInput } from '../http/validate';
import type { ImDeps } from './deps';
import { readHistory } from './history-routes';
import { resourceRoutes } from './resource-routes';
import { deleteQuery, modifyMessage, rateCheck, recall } from './message-ops';
import { findMessage } from './messages';
import type { NewMessage } from './messages';
import { storeWithPush, subscriberAudience } from './offline-push';
import { publishMessage } from './publish';
import { broadcastSchema, clientId, intParam, parseBody, serviceSendSchema } from './params';
import { countSubscribers, listSubscribers, subscribe, unsubscribe } from './subscribers';

const S = '/1.2/rtm/service-conversations';
const SUBSCRIBERS_MAX = 50;
const subscribeSchema = z.strictObject({ client_id: clientId });

/** Doc 3 Service conversations: resource, subscribers, broadcasts, messages to chosen users. */
export function serviceRoutes(router: ApiRouter, d: ImDeps): void {
  const convs = d.conversations;
  const service = async (req: ApiRequest, what: string) => {
    requireMaster(req.auth, what);
    const id = req.params.convId ?? '';
    await convs.require(req.sql, id, 'sys');
    return id;
  };
  resourceRoutes(router, d, { base: S, kind: 'sys', plural: 'service conversations', brief: true });

  router.on('POST', `${S}/:convId/subscribers`, async (req) => {
    const id = await service(req, 'subscribing clients');
    const { client_id } = parseBody(subscribeSchema, req.body);
    await subscribe(req.sql, id, client_id, d.clock.now().getTime());
    return { body: {} };
  });
  router.on('DELETE', `${S}/:convId/subscribers/:clientId`, async (req) => {
    const id = await service(req, 'unsubscribing clients');
    await unsubscribe(req.sql, id, req.params.clientId ?? '');
    return { body: {} };
  });
  router.on('GET', `${S}/:convId/subscribers`, async (req) => {
    const id = await service(req, 'listing subscribers');
    const limit = intParam(req.query, 'limit', SUBSCRIBERS_MAX, 1, SUBSCRIBERS_MAX) ?? SUBSCRIBERS_MAX;
    const after = req.query.client_id ? parseInput(clientId, req.query.client_id, 'client_id') : undefined;
    return { body: await listSubscribers(req.sql, id, after, limit) };
  });
  router.on('GET', `${S}/:convId/subscribers/count`, async (req) => {
    const id = await service(req, 'counting subscribers');
    return { body: { count: await countSubscribers(req.sql, id) } };
  });

  router.on('POST', `${S}/:convId/broadcasts`, async (req) => {
    requireMaster(req.auth, 'broadcasting');
    const input = parseBody(broadcastSchema, req.body);
    const id = await service(req, 'broadcasting');
    await rateCheck(d, req, 'subscription');
    const message: NewMessage = {
      convId: id,
      kind: 'sys',
      from: input.from_client,
      data: input.message,
      broadcast: true,
      ...(input.push === undefined ? {} : { extra: { push: input.push } }),
    };
    const sent = await storeWithPush(d, req.sql, message, {
      data: input.push,
      audience: (tx) => subscriberAudience(tx, id, input.from_client),
    });
    await deliverBroadcast(d, req.sql, message, sent);
    return { body: { 'msg-id': sent.msgId, timestamp: sent.ts } };
  });
  router.on('POST', `${S}/:convId/messages`, async (req) => {
    requireMaster(req.auth, 'sending messages');
    const input = parseBody(serviceSendSchema, req.body);
    const id = await service(req, 'sending messages');
    await rateCheck(d, req, 'normal');
    const extra: Record<string, unknown> = {};
    if (input.push_data !== undefined) extra.push_data = input.push_data;
    if (input.priority !== undefined) extra.priority = input.priority;
    const to = [...new Set(input.to_clients)];
    const conv = await d.conversations.require(req.sql, id, 'sys');
    const sent = await publishMessage(
      d,
      req.sql,
      conv,
      {
        convId: id,
        kind: 'sys',
        from: input.from_client,
        data: input.message,
        toClients: to,
        transient: input.transient,
        extra,
      },
      undefined,
      {
        data: input.push_data,
        audience: () => Promise.resolve({ clients: to.filter((c) => c !== input.from_client) }),
      },
    );
    return { body: { 'msg-id': sent.msgId, timestamp: sent.ts } };
  });
  router.on('PUT', `${S}/:convId/messages/:msgId`, (req) => modifyMessage(d, req, 'sys'));
  router.on('PUT', `${S}/:convId/messages/:msgId/recall`, (req) => recall(d, req, 'sys'));
  router.on('DELETE', `${S}/:convId/subscribers/:clientId/messages/:msgId`, async (req) => {
    const id = await service(req, 'deleting messages');
    const { from, timestamp } = deleteQuery(req);
    const client = req.params.clientId ?? '';
    const row = await findMessage(req.sql, id, req.params.msgId ?? '');
    if (!row || Number(row.ts) !== timestamp || row.from_client !== from)
      throw new ApiError(404, LcCode.ObjectNotFound, 'No such message with this timestamp and from_client.');
    if (!row.to_clients)
      throw badRequest(
        LcCode.OperationForbidden,
        'Broadcasts cannot be deleted here; only messages sent to chosen users.',
      );
    if (!row.to_clients.includes(client))
      throw new ApiError(
        404,
        LcCode.ObjectNotFound,
        `The message was not sent to ${JSON.stringify(client)}.`,
      );
    const rest = row.to_clients.filter((c) => c !== client);
    if (rest.length)
      await req.sql.query('UPDATE lc_im_messages SET to_clients = $2 WHERE msg_id = $1', [row.msg_id, rest]);
    else await req.sql.query('DELETE FROM lc_im_messages WHERE msg_id = $1', [row.msg_id]);
    return { body: {} };
  });
  router.on('GET', `${S}/:convId/subscribers/:clientId/messages`, async (req) => {
    const id = await service(req, 'reading message history');
    const client = req.params.clientId ?? '';
    return readHistory(
      d,
      req,
      {
        where: ['conv_id = $1', '(to_clients IS NULL OR to_clients @> ARRAY[$2::text])'],
        params: [id, client],
      },
      id,
    );
  });
}
