import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { CSRF_HEADER } from '@switchboard/shared';
import { openTestDatabase } from '@switchboard/shared/sql/testing';
import type { Sql } from '@switchboard/shared/sql';
import { pino } from 'pino';
import { createBff } from '../app';
import type { BffConfig } from '../config';

export interface TestBff {
  url: string;
  /** The same console served by its Express app alone, without the fast path for reads. */
  expressUrl: string;
  sql: Sql;
  setupToken: string | undefined;
  close(): Promise<void>;
}

export function testConfig(upstreamUrl: string, overrides: Partial<BffConfig> = {}): BffConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    database: { url: undefined, schema: undefined, dataDir: undefined },
    initialAdmin: undefined,
    apps: [
      {
        id: 'default',
        name: 'Test app',
        baseUrl: upstreamUrl,
        appId: 'test-app',
        appKey: 'test-app-key',
        masterKey: 'test-master-key',
      },
    ],
    upstreamTimeoutMs: 5000,
    webDist: '/nonexistent',
    session: { idleMs: 3_600_000, absoluteMs: 86_400_000 },
    logLevel: 'silent',
    trustProxy: false,
    allowPrivateSources: false,
    allowedHosts: [],
    ...overrides,
  };
}

/** Boots the real bff on a free port with its own database. */
export async function startBff(config: BffConfig): Promise<TestBff> {
  const db = await openTestDatabase();
  const bff = await createBff(config, db.sql, pino({ level: 'silent' }));
  const server: Server = await new Promise((resolve) => {
    const s = createServer(bff.handler).listen(0, '127.0.0.1', () => resolve(s));
  });
  const expressOnly: Server = await new Promise((resolve) => {
    const s = createServer(bff.app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    expressUrl: `http://127.0.0.1:${(expressOnly.address() as AddressInfo).port}`,
    sql: db.sql,
    setupToken: bff.setupToken,
    async close() {
      await new Promise((r) => server.close(r));
      await new Promise((r) => expressOnly.close(r));
      await db.drop();
    },
  };
}

/** A browser-like client: keeps the session cookie and sends the CSRF header on writes. */
export class ConsoleClient {
  private cookie = '';
  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.cookie) h.cookie = this.cookie;
    if (method !== 'GET') h[CSRF_HEADER] ??= '1';
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = {};
    }
    return { status: res.status, headers: res.headers, json, text, setCookie };
  }

  /** A client of another address carrying this one's session cookie. */
  at(base: string): ConsoleClient {
    const other = new ConsoleClient(base);
    other.cookie = this.cookie;
    return other;
  }

  async login(email: string, password: string) {
    const r = await this.call('POST', '/api/session', { email, password });
    if (r.status !== 200) throw new Error(`login failed: ${r.text}`);
    return r;
  }
}

/** A browser-like client of the console at `base`, signed in as `user`. */
export async function signedIn(
  base: string,
  user: { email: string; password: string },
): Promise<ConsoleClient> {
  const c = new ConsoleClient(base);
  await c.login(user.email, user.password);
  return c;
}
