import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { Event, Realtime, TextMessage } from 'leancloud-realtime';
import type { IMClient, Message } from 'leancloud-realtime';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';

export { Event, Realtime, TextMessage };

/**
 * One server for a test file (started with `opts`), handed to `set` before the tests; after them,
 * the SDK clients the tests pushed into `clients` are closed, then the server.
 */
export function serverPerFile(
  set: (t: TestServer) => void,
  clients: IMClient[],
  opts: Parameters<typeof startTestServer>[0] = {},
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(opts);
    set(server);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await server?.close();
  });
}

/** ws://host:port/ of a test server, for the SDK's RTMServers option. */
export const wsUrlOf = (t: TestServer) => `${t.url.replace(/^http/, 'ws')}/`;

/** A Realtime of the real SDK pointed at the server directly (RTMServers), one WebSocket each. */
export function realtimeFor(t: TestServer, extra: Record<string, unknown> = {}): Realtime {
  return new Realtime({
    appId: TEST_KEYS.appId,
    appKey: TEST_KEYS.appKey,
    RTMServers: wsUrlOf(t),
    ...extra,
  });
}

export async function login(
  t: TestServer,
  id: string,
  opts: Record<string, unknown> = {},
  realtimeOpts: Record<string, unknown> = {},
): Promise<IMClient> {
  return realtimeFor(t, realtimeOpts).createIMClient(id, opts);
}

/** Resolves with the next `n` messages `client` receives. */
export function nextMessages(client: IMClient, n = 1): Promise<Message[]> {
  return new Promise((resolve) => {
    const got: Message[] = [];
    const on = (m: Message) => {
      got.push(m);
      if (got.length < n) return;
      client.off(Event.MESSAGE, on);
      resolve(got);
    };
    client.on(Event.MESSAGE, on);
  });
}

/** Resolves with the payload of the next `event` of `emitter`. */
export function nextEvent<T = unknown>(
  emitter: { once(event: string, fn: (...args: unknown[]) => void): unknown },
  event: string,
): Promise<T> {
  return new Promise((resolve) => emitter.once(event, (payload: unknown) => resolve(payload as T)));
}

/** Resolves with the first message `client` receives whose text is `text` (others pass by). */
export function messageWithText(client: IMClient, text: string): Promise<Message> {
  return new Promise((resolve) => {
    const on = (m: Message) => {
      if (typeof (m as TextMessage).getText !== 'function' || (m as TextMessage).getText() !== text) return;
      client.off(Event.MESSAGE, on);
      resolve(m);
    };
    client.on(Event.MESSAGE, on);
  });
}

/**
 * The SDK's REST calls always go to https://<server>/1.1/...: an HTTPS front for a plain test
 * server, with a certificate made for the run that this process (https.globalAgent, which the
 * SDK's axios uses) trusts. The WebSocket keeps going to the server directly (RTMServers).
 * Resolves with the `server` option value (host:port) and a close function.
 */
export async function httpsFront(t: TestServer): Promise<{ server: string; close: () => Promise<void> }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  https.globalAgent.options.ca = [pems.cert];
  const front = https.createServer({ cert: pems.cert, key: pems.private }, (req, res) => {
    const up = http.request(
      `${t.url}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', (err) => res.writeHead(502).end(String(err)));
    req.pipe(up);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => front.close(() => resolve())),
  };
}
