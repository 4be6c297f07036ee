import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long a client may keep the route answer (seconds). */
const ROUTE_TTL_S = 3600;

/** ws(s)://host/ of this server: PUBLIC_URL's host, else the host and scheme the request came with. */
export function realtimeUrl(req: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) {
    const u = new URL(publicUrl);
    return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}${u.pathname.replace(/\/?$/, '/')}`;
  }
  return `${req.protocol === 'https' ? 'wss' : 'ws'}://${req.host}/`;
}

function hostOf(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).host : req.host;
}

/**
 * What the SDKs ask before connecting. /v1/route is the RTM router (the SDK's `server` option points
 * at https://<host>/v1/route); /2/route is the app router's answer, for clients told to use ours.
 */
export function realtimeRoutes(app: FastifyInstance, publicUrl: string | undefined): void {
  app.get('/v1/route', (req, reply) => {
    const url = realtimeUrl(req, publicUrl);
    return reply.send({ groupId: 'g0', groupUrl: url, server: url, secondary: url, ttl: ROUTE_TTL_S });
  });
  app.get('/2/route', (req, reply) => {
    const host = hostOf(req, publicUrl);
    return reply.send({
      ttl: ROUTE_TTL_S,
      rtm_router_server: host,
      api_server: host,
      push_server: host,
      engine_server: host,
      stats_server: host,
      play_server: host,
    });
  });
}
