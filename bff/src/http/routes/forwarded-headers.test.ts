import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { rawRequest } from '../../test/raw-http';

/**
 * What reaches the upstream app of a console request. The upstream here records the headers it
 * receives (the point is what the BFF sends, which a real server would not show us).
 */
let recorder: Server;
let bff: TestBff;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
const admin = { email: 'admin@example.com', password: 'admin password 123' };

beforeAll(async () => {
  recorder = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((r) => recorder.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
  bff = await startBff(testConfig(url, { initialAdmin: admin }));
});
afterAll(async () => {
  await bff?.close();
  await new Promise((r) => recorder.close(r));
});

describe('headers sent upstream', () => {
  it("are the BFF's own: credentials and hop-by-hop headers from the browser are dropped", async () => {
    const login = await new ConsoleClient(bff.url).login(admin.email, admin.password);
    const cookie = login.setCookie?.split(';')[0] ?? '';
    seen.length = 0;
    const hostile = {
      'x-lc-id': 'browser-app-id',
      'x-lc-key': 'browser-key,master',
      'x-lc-sign': 'browser-sign,1,master',
      'x-lc-session': 'browser-session-token',
      'x-avoscloud-master-key': 'browser-master',
      authorization: 'Bearer browser',
      connection: 'x-lc-id, keep-alive',
      'proxy-authorization': 'Basic Zm9vOmJhcg==',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-for': '203.0.113.7',
      te: 'trailers',
      upgrade: 'websocket',
    };
    // fetch refuses to send hop-by-hop headers, so this request goes out with node:http.
    const body = JSON.stringify({ a: 1 });
    const { status } = await rawRequest(bff.url, {
      method: 'PUT',
      path: '/api/apps/default/1.1/classes/Note/abc123',
      headers: {
        ...hostile,
        cookie,
        'x-switchboard-csrf': '1',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
      body,
    });
    expect(status).toBe(200);
    const write = seen.find((s) => s.url === '/1.1/classes/Note/abc123' && s.headers['content-type']);
    expect(write).toBeDefined();
    const h = write?.headers ?? {};
    expect(h['x-lc-id']).toBe('test-app');
    expect(h['x-lc-sign']).toMatch(/^[0-9a-f]{32},\d+,master$/);
    for (const name of [
      'x-lc-key',
      'x-lc-session',
      'x-avoscloud-master-key',
      'authorization',
      'proxy-authorization',
      'cookie',
      'x-forwarded-host',
      'x-forwarded-for',
      'te',
      'upgrade',
      'x-switchboard-csrf',
    ]) {
      expect(h[name], name).toBeUndefined();
    }
    expect(JSON.stringify(seen)).not.toContain('browser');
  });
});
