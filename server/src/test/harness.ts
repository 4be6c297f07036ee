import { createHash } from 'node:crypto';
import { openTestDatabase } from '@switchboard/shared/sql/testing';
import { createServer } from '../app';
import type { Server, ServerOptions } from '../app';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../config';

export const TEST_KEYS = { appId: 'test-app-id', appKey: 'test-app-key', masterKey: 'test-master-key' };

export type AuthMode = 'app' | 'master' | 'sign' | 'sign-master' | 'none';

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  /** The body as an object (tests read fields off it). */
  json: Record<string, unknown>;
  text: string;
}

export interface TestServer {
  url: string;
  server: Server;
  request(
    method: string,
    path: string,
    opts?: {
      auth?: AuthMode;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      query?: Record<string, unknown>;
    },
  ): Promise<Reply>;
  close(): Promise<void>;
}

export function authHeaders(mode: AuthMode): Record<string, string> {
  const ts = Date.now();
  const md5 = (s: string) => createHash('md5').update(s).digest('hex');
  switch (mode) {
    case 'app':
      return { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Key': TEST_KEYS.appKey };
    case 'master':
      return { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Key': `${TEST_KEYS.masterKey},master` };
    case 'sign':
      return { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Sign': `${md5(`${ts}${TEST_KEYS.appKey}`)},${ts}` };
    case 'sign-master':
      return {
        'X-LC-Id': TEST_KEYS.appId,
        'X-LC-Sign': `${md5(`${ts}${TEST_KEYS.masterKey}`)},${ts},master`,
      };
    case 'none':
      return {};
  }
}

/** Boots the real server (PGlite, or Postgres under SB_TEST_DB=postgres) on a free port. */
export async function startTestServer(
  opts: Omit<Partial<ServerOptions>, 'sql' | 'keys'> & { statementTimeoutMs?: number } = {},
): Promise<TestServer> {
  const { statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS, ...serverOpts } = opts;
  const db = await openTestDatabase({ statementTimeoutMs });
  const server = await createServer({
    sql: db.sql,
    keys: TEST_KEYS,
    logLevel: 'silent',
    testControl: true,
    ...serverOpts,
  });
  const address = await server.http.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    server,
    async request(method, path, o = {}) {
      const qs = o.query
        ? `?${new URLSearchParams(
            Object.entries(o.query).map(([k, v]): [string, string] => [
              k,
              typeof v === 'string' ? v : JSON.stringify(v),
            ]),
          ).toString()}`
        : '';
      const headers: Record<string, string> = { ...authHeaders(o.auth ?? 'app'), ...o.headers };
      let body: string | undefined = o.rawBody;
      if (o.body !== undefined) {
        body = JSON.stringify(o.body);
        headers['Content-Type'] ??= 'application/json';
      }
      const res = await fetch(`${address}${path}${qs}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      const json =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : {};
      return { status: res.status, headers: res.headers, body: parsed, json, text };
    },
    async close() {
      await server.close();
      await db.drop();
    },
  };
}
