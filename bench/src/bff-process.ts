/**
 * The console's BFF as a child process (`node --import tsx bff/src/main.ts`) in front of a running
 * API server as its one app `default`, with a first admin from the environment; and signing in.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { consoleRoutes, CSRF_HEADER } from '@switchboard/shared';
import { freePort, startChild } from './server-process';
import type { ChildHandle, ServerHandle } from './server-process';

/** The app id the BFF gives the app of UPSTREAM_*. */
export const BFF_APP = 'default';

/** The session cookie's name on plain HTTP (on HTTPS it is __Host-sb_session). */
const SESSION_COOKIE = 'sb_session';

export interface BffHandle extends ChildHandle {
  admin: { email: string; password: string };
}

/**
 * Starts the BFF on a free port in front of `server`. `dbEnv` is its own database
 * (BFF_DATA_DIR=memory, or BFF_DATABASE_URL and BFF_DATABASE_SCHEMA).
 */
export async function startBff(
  server: ServerHandle,
  dbEnv: Record<string, string>,
  cpus?: string,
): Promise<BffHandle> {
  const port = await freePort();
  const admin = { email: 'bench-admin@example.com', password: `bench-${randomBytes(12).toString('hex')}` };
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing from the caller's environment may change what is measured.
  for (const k of Object.keys(env))
    if (/^(BFF_|CONSOLE_|UPSTREAM_|SESSION_|WEB_DIST$|TRUST_PROXY$)/.test(k)) delete env[k];
  Object.assign(env, dbEnv, {
    CONSOLE_PORT: String(port),
    CONSOLE_HOST: '127.0.0.1',
    CONSOLE_ADMIN_EMAIL: admin.email,
    CONSOLE_ADMIN_PASSWORD: admin.password,
    UPSTREAM_URL: server.baseUrl,
    UPSTREAM_APP_ID: server.keys.appId,
    UPSTREAM_APP_KEY: server.keys.appKey,
    UPSTREAM_MASTER_KEY: server.keys.masterKey,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  const child = await startChild({
    name: 'the BFF',
    entry: 'bff/src/main.ts',
    env,
    port,
    readyPath: '/readyz',
    cpus,
  });
  return { ...child, admin };
}

/** The bare Node proxy of floor-proxy.ts in front of `server`, answering on the BFF's URL shape. */
export async function startFloorProxy(server: ServerHandle, cpus?: string): Promise<ChildHandle> {
  const port = await freePort();
  return startChild({
    name: 'the bare proxy',
    entry: 'bench/src/floor-proxy.ts',
    env: {
      ...process.env,
      FLOOR_PORT: String(port),
      FLOOR_UPSTREAM: server.baseUrl,
      FLOOR_APP_ID: server.keys.appId,
      FLOOR_MASTER_KEY: server.keys.masterKey,
    },
    port,
    readyPath: '/healthz',
    cpus,
  });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request on a fresh connection, without Accept-Encoding (as autocannon sends them). */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawResponse> {
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  const headers: Record<string, string | number> = { ...opts.headers };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer within 30 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs in to the BFF; returns the Cookie header value that carries the session. */
export async function logIn(bff: BffHandle): Promise<string> {
  const { method, path } = consoleRoutes.login;
  const res = await rawRequest(`${bff.baseUrl}${path}`, {
    method,
    headers: { [CSRF_HEADER]: '1' },
    body: { email: bff.admin.email, password: bff.admin.password },
  });
  if (res.status !== 200) {
    throw new Error(
      `signing in to the BFF: ${method} ${path} answered ${res.status} ${res.text.slice(0, 300)}`,
    );
  }
  const setCookie = res.headers['set-cookie'] ?? [];
  for (const c of Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const pair = c.split(';', 1)[0] ?? '';
    if (pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) return pair;
  }
  throw new Error(
    `signing in to the BFF: no ${SESSION_COOKIE} cookie in Set-Cookie (${JSON.stringify(setCookie)})`,
  );
}
