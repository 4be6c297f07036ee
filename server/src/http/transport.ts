import { constants as zlib } from 'node:zlib';
import Fastify, { LogController } from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import { JSON_PROBLEM_MESSAGES, LC_HEADERS, LcCode, parsedJsonProblem } from '@switchboard/shared';
import { authenticate } from './auth';
import { BROTLI_QUALITY, COMPRESS_MIN_BYTES, compressSmallBodies } from './compress-small';
import type { AppKeys, Credentials } from './auth';
import { databaseLimitError } from './db-limits';
import { ApiError, badRequest, invalidJson } from './errors';
import { readOverride } from './override';
import { RawJson } from './raw-json';
import { listeningUrl } from './public-url';
import { checkRequestText } from './request-text';
import type { Sql } from '@switchboard/shared/sql';
import type { ApiRouter } from './router';
import { fastifyTrustProxy } from './trust-proxy';
import type { TrustProxy } from './trust-proxy';
import type { ApiMethod } from './types';

/** Doc 1 Limits: request body size 20 MB. */
export const BODY_LIMIT = 20 * 1024 * 1024;

export interface TransportOptions {
  router: ApiRouter;
  sql: Sql;
  keys: AppKeys;
  logLevel: string;
  trustProxy: TrustProxy;
  /** PUBLIC_URL; without it, links are built on the address the server listens on. */
  publicUrl?: string | undefined;
  /** Serve HTTPS with this certificate and key (PEM). */
  https?: { cert: string; key: string } | undefined;
  /** The server clock: X-LC-Sign timestamps are checked against it. */
  now: () => Date;
  /** Extra unauthenticated routes (health, test control) registered by the caller. */
  extraRoutes?: (app: FastifyInstance) => void;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function flattenQuery(q: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (q && typeof q === 'object') {
    for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
      const last: unknown = Array.isArray(v) ? v[v.length - 1] : v;
      if (typeof last === 'string') out[k] = last;
    }
  }
  return out;
}

function sendError(reply: FastifyReply, status: number, code: number, error: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ code, error });
}

export async function createTransport(opts: TransportOptions): Promise<FastifyInstance> {
  // Typed as the HTTP flavour: the routes and upgrade handling are the same over TLS.
  const app = Fastify({
    ...(opts.https ? { https: opts.https } : {}),
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(opts.trustProxy),
    logger: { level: opts.logLevel },
    // Per-request lines only when debugging; errors are logged by the error handler.
    logController: new LogController({
      disableRequestLogging: opts.logLevel !== 'debug' && opts.logLevel !== 'trace',
    }),
    // Errors Fastify raises before routing (a malformed URL) get the API's error body too.
    frameworkErrors: (err, _req, reply) => {
      void sendError(reply, 400, LcCode.InvalidParameter, `Bad request: ${err.message}`);
    },
    // Errors of Node's HTTP parser (headers over 16 KB, garbage) never reach Fastify's handlers.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) return socket.destroy();
      const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
      const body = JSON.stringify({
        code: LcCode.InvalidParameter,
        error: tooLarge
          ? 'The request line and headers are larger than 16 KB.'
          : 'The HTTP request is malformed.',
      });
      socket.end(
        `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });

  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['Location'],
    maxAge: 86400,
  });
  compressSmallBodies(app);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });

  // Every body is read as text and parsed here, whatever its Content-Type: the SDKs send JSON,
  // the method override sends text/plain, and malformed JSON must answer 107, not a framework error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(invalidJson(), undefined);
    }
    const problem = parsedJsonProblem(text, parsed);
    if (problem) return done(badRequest(LcCode.InvalidJson, JSON_PROBLEM_MESSAGES[problem]), undefined);
    done(null, parsed);
  });

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return sendError(reply, err.status, err.code, err.message);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendError(reply, 413, LcCode.ObjectTooLarge, 'The request body is larger than the 20 MB limit.');
    }
    const limit = databaseLimitError(err);
    if (limit) return sendError(reply, limit.status, limit.code, limit.message);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, LcCode.Internal, err.message);
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, LcCode.Internal, 'Internal server error.');
  });

  app.setNotFoundHandler((req, reply) =>
    sendError(reply, 404, LcCode.NotFound, `No such API: ${req.method} ${req.url.split('?')[0] ?? ''}.`),
  );

  opts.extraRoutes?.(app);

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    let method = req.method as ApiMethod;
    let body: unknown = req.body;
    let query = flattenQuery(req.query);
    let creds: Credentials = {
      appId: header(req, LC_HEADERS.id),
      key: header(req, LC_HEADERS.key),
      sign: header(req, LC_HEADERS.sign),
      session: header(req, LC_HEADERS.session),
    };
    const override = method === 'POST' ? readOverride(body) : undefined;
    if (override) {
      method = override.method;
      body = override.body;
      query = { ...query, ...override.query };
      // Header credentials still count when the body carries none.
      creds = {
        appId: override.credentials.appId ?? creds.appId,
        key: override.credentials.key ?? (override.credentials.appId ? undefined : creds.key),
        sign: override.credentials.appId ? undefined : creds.sign,
        session: override.credentials.session ?? creds.session,
      };
    }
    const auth = authenticate(creds, opts.keys, opts.now().getTime());
    const path = req.url.split('?')[0] ?? '/';
    checkRequestText(path, query);
    const res = await opts.router.dispatch({
      sql: opts.sql,
      method,
      path,
      query,
      body,
      auth,
      // Never from Host or X-Forwarded-*: whoever sends the request chooses those.
      baseUrl: opts.publicUrl ?? listeningUrl(app.server.address()),
      client: header(req, 'x-lc-ua') ?? header(req, 'user-agent'),
      prodHeader: header(req, LC_HEADERS.prod),
      imSessionToken: header(req, 'x-lc-im-session-token'),
      toWire: true,
    });
    if (res.headers) void reply.headers(res.headers);
    return reply
      .code(res.status ?? 200)
      .type('application/json; charset=utf-8')
      .send(res.body instanceof RawJson ? res.body.text : res.body);
  };

  for (const prefix of ['/1.1/*', '/1.2/*']) {
    app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: prefix, handler: handle });
  }
  return app;
}
