import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { LcCode } from '@switchboard/shared';
import { ApiError, badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import { findSessionUser } from '../store/sessions';
import { selectObject } from '../store/objects';
import type { ApiRequest } from '../http/types';
import { hookUserFields } from './sign-hook';
import type { ImDeps } from './deps';
import { readHistory } from './history-routes';
import { clientId, clientIds, intParam, parseBody } from './params';
import { subscriptionsOf } from './subscribers';
import { unreadCount } from './unread';

const CL = '/1.2/rtm/clients';

const checkOnlineSchema = z.strictObject({
  client_ids: clientIds('client_ids', 20),
});
const kickSchema = z.strictObject({
  reason: z.string().max(20, 'reason has at most 20 characters').optional(),
});

/** LeanCloud's login signature: HMAC-SHA1 under the master key of "appId:clientId::timestamp:nonce". */
export function loginSignature(
  masterKey: string,
  appId: string,
  client: string,
  ts: number,
  nonce: string,
): string {
  return createHmac('sha1', masterKey).update(`${appId}:${client}::${ts}:${nonce}`).digest('hex');
}

/** Doc 3 Clients. Who is online, and kicks, go to the realtime gateway's live connections. */
export function clientRoutes(router: ApiRouter, d: ImDeps): void {
  router.on('POST', `${CL}/check-online`, async (req) => {
    requireMaster(req.auth, 'checking who is online');
    const { client_ids } = parseBody(checkOnlineSchema, req.body);
    return { body: { results: await d.live.online([...new Set(client_ids)]) } };
  });
  router.on('GET', `${CL}/:clientId/unread-count`, async (req) => {
    const client = parseInput(clientId, req.params.clientId, 'client id');
    const conv = req.query.conv_id || undefined;
    return { body: { count: await unreadCount(req.sql, client, conv) } };
  });
  router.on('POST', `${CL}/:clientId/kick`, async (req) => {
    requireMaster(req.auth, 'kicking clients');
    const client = parseInput(clientId, req.params.clientId, 'client id');
    const { reason } = parseBody(kickSchema, req.body ?? {});
    await d.live.kick(client, reason);
    return { body: {} };
  });
  router.on('GET', `${CL}/:clientId/service-conversations`, async (req) => {
    requireMaster(req.auth, 'listing subscriptions');
    const client = parseInput(clientId, req.params.clientId, 'client id');
    const direction = req.query.direction ?? 'new';
    if (direction !== 'new' && direction !== 'old')
      throw badRequest(LcCode.InvalidParameter, 'direction is old or new.');
    const limit = intParam(req.query, 'limit', 50, 1, 1000) ?? 50;
    const ts = intParam(req.query, 'timestamp', undefined);
    const convId = req.query.conv_id || undefined;
    if (convId !== undefined && ts === undefined)
      throw badRequest(
        LcCode.InvalidParameter,
        'conv_id needs timestamp, the subscription time of that conversation.',
      );
    const after = convId !== undefined && ts !== undefined ? { convId, ts } : undefined;
    return { body: await subscriptionsOf(req.sql, client, { after, limit, direction }) };
  });
  const sign = async (req: ApiRequest, token: unknown) => {
    if (typeof token !== 'string' || !token)
      throw badRequest(LcCode.InvalidParameter, 'session_token is required.');
    const user = await findSessionUser(req.sql, token);
    const row = user === undefined ? undefined : await selectObject(req.sql, '_User', user);
    if (!user || !row)
      throw new ApiError(400, LcCode.SessionMissing, 'The session_token does not belong to a user.');
    await d.signHook?.check(hookUserFields(row, token));
    const timestamp = d.clock.now().getTime();
    const nonce = randomBytes(12).toString('hex');
    return {
      body: {
        client_id: user,
        nonce,
        timestamp,
        signature: loginSignature(d.masterKey, d.appId, user, timestamp, nonce),
      },
    };
  };
  router.on('GET', `${CL}/sign`, (req) => sign(req, req.query.session_token));
  // The 1.1 form: session_token in the body (or the query).
  router.on('POST', '/1.1/rtm/sign', (req) =>
    sign(req, (req.body as { session_token?: unknown } | null)?.session_token ?? req.query.session_token),
  );
  router.on('GET', `${CL}/:clientId/messages`, async (req) => {
    const client = parseInput(clientId, req.params.clientId, 'client id');
    return readHistory(d, req, { where: ['from_client = $1', "kind <> 'sys'"], params: [client] });
  });
}
