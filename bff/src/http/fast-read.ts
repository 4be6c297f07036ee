import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import {
  matchUpstreamRoute,
  permissionOf,
  REQUEST_ID_HEADER,
  roleForApp,
  roleHas,
} from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import type { Logger } from 'pino';
import type { UpstreamApp } from '../apps-config';
import { ConsoleError } from '../domain/errors';
import { JsonText, proxy } from '../domain/proxy/proxy';
import { resolveSession } from '../domain/sessions';
import type { SessionPolicy } from '../domain/sessions';
import type { UpstreamClient } from '../upstream/client';
import { errorBody } from './errors';
import { clientFacts, hostAllowed } from './forwarded';
import type { TrustFn } from './forwarded';
import { logRequest } from './request-log';
import { API_HEADERS } from './security';
import { sessionTokenFromHeader } from './session-cookie';
import { upstreamPathOf } from './upstream-path';

export interface FastReadDeps {
  sql: Sql;
  policy: SessionPolicy;
  apps: Map<string, { app: UpstreamApp; client: UpstreamClient }>;
  logger: Logger;
  logEach: boolean;
  trust: TrustFn;
  allowedHosts: readonly string[];
}

const READ_PATH = /^\/api\/apps\/([^/?]+)\/1\.\d+\//;

/** The query string as Express's "simple" parser reads it; undefined when a name repeats. */
function singleValued(url: string): Record<string, string> | undefined {
  const q = url.indexOf('?');
  if (q < 0) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parseQuery(url.slice(q + 1)))) {
    if (typeof v !== 'string') return undefined;
    out[k] = v;
  }
  return out;
}

/**
 * The console's most frequent request, a read of an app's upstream API by a signed-in user whose
 * role allows it, served without Express's per-request machinery (routing through every console
 * route, response helpers), which costs about as much CPU as the rest of the proxying together.
 * It runs the same checks with the same functions as the Express route: session, allowlist,
 * permission, input schemas, path tricks. Anything else (other methods, no or expired session,
 * a refused or unknown route, a doubtful path or query) returns false untouched and Express
 * answers it, auditing refusals; so this path never answers a request differently.
 */
export function fastReads(deps: FastReadDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = req.url ?? '';
    if (req.method !== 'GET') return false;
    const m = READ_PATH.exec(url);
    if (!m) return false;
    let appId: string;
    try {
      appId = decodeURIComponent(m[1] ?? '');
    } catch {
      return false;
    }
    const facts = clientFacts(req, deps.trust);
    if (facts.hosts.some((h) => !hostAllowed(h, deps.allowedHosts))) return false;
    const target = deps.apps.get(appId);
    const query = singleValued(url);
    const token = sessionTokenFromHeader(req.headers.cookie, facts.secure);
    if (!target || !query || !token) return false;
    let path: string;
    try {
      path = upstreamPathOf(url, appId);
    } catch {
      return false;
    }
    const match = matchUpstreamRoute('GET', path);
    if (!match || match.route.action) return false;
    const user = await resolveSession(deps.sql, token, deps.policy);
    if (!user) return false;
    const role = roleForApp(user, appId);
    const needed = permissionOf(match);
    if (needed === 'per-element' || !roleHas(role, needed)) return false;

    const started = performance.now();
    const requestId = randomUUID();
    const meta = { requestId, ip: facts.ip };
    const ctx = { sql: deps.sql, user, role, app: target.app, client: target.client, meta };
    let status = 200;
    let text: string;
    const headers: Record<string, string> = {};
    try {
      const answer = await proxy(ctx, { method: 'GET', path, query, body: undefined });
      text = answer instanceof JsonText ? answer.text : JSON.stringify(answer);
    } catch (e) {
      const err =
        e instanceof ConsoleError
          ? e
          : new ConsoleError(500, 'internal', 'Something went wrong in the console server.');
      if (!(e instanceof ConsoleError)) deps.logger.error({ err: e, requestId }, 'unhandled error');
      status = err.status;
      Object.assign(headers, err.headers);
      text = JSON.stringify(errorBody(err, requestId));
    }
    res.setHeaders(API_HEADERS);
    res.writeHead(status, {
      ...headers,
      [REQUEST_ID_HEADER]: requestId,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
    if (deps.logEach) {
      logRequest(deps.logger, {
        requestId,
        method: 'GET',
        url,
        ip: facts.ip,
        status,
        ms: performance.now() - started,
      });
    }
    return true;
  };
}
