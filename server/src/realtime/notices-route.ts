import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../lib/clock';
import { RtmCode } from './codes';
import type { Notices } from './notices';
import type { TokenStore } from './tokens';

const fail = (reply: FastifyReply, status: number, code: number, error: string) =>
  reply.code(status).send({ code, error });

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * GET /1.1/rtm/notifications?client_id=&start_ts=&notification_type=permanent, which the SDK calls
 * after a reconnect with X-LC-IM-Session-Token (the `st` of its `session opened`): the permanent
 * notices it missed, `{notifications: [{cmd, op, serverTs, ...}], hasMore}`.
 */
export function notificationRoutes(
  app: FastifyInstance,
  d: { appId: string; tokens: TokenStore; notices: Notices; clock: Clock },
): void {
  app.get('/1.1/rtm/notifications', async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const appId = header(req.headers['x-lc-id']);
    if (appId !== d.appId) return fail(reply, 401, 401, 'Unauthorized: X-LC-Id does not name this app.');
    const clientId = typeof q.client_id === 'string' ? q.client_id : '';
    if (!/^[^\0]{1,64}$/u.test(clientId))
      return fail(reply, 400, 1, 'client_id (the client id, 1 to 64 characters) is required.');
    const startTs = Number(q.start_ts ?? 0);
    if (!Number.isSafeInteger(startTs) || startTs < 0)
      return fail(reply, 400, 1, 'start_ts must be a timestamp in milliseconds.');
    const type = q.notification_type ?? 'permanent';
    if (type !== 'permanent') return fail(reply, 400, 1, 'notification_type can only be "permanent".');
    const token = header(req.headers['x-lc-im-session-token']) ?? '';
    if (!(await d.tokens.check(token, clientId, d.clock.now().getTime())))
      return fail(
        reply,
        401,
        RtmCode.SessionTokenExpired,
        'X-LC-IM-Session-Token is unknown or expired for this client_id; open the session again.',
      );
    return reply.send(await d.notices.since(clientId, startTs));
  });
}
