import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../upstream/client';
import { ConsoleError } from './errors';
import { sendUpstream } from './upstream-call';

/**
 * Upstream failure modes. The upstream here is a deliberately broken HTTP server (it hangs, or
 * rate limits, or echoes keys): the faults are the point, so a real API server cannot produce them.
 */
let broken: Server;
let brokenUrl: string;
const app = (baseUrl: string) => ({
  id: 'x',
  name: 'Broken app',
  baseUrl,
  appId: 'id',
  appKey: 'app-secret-key',
  masterKey: 'master-secret-key',
});
const call = { method: 'GET', path: '/1.1/schemas', query: {} };

beforeAll(async () => {
  broken = createServer((req, res) => {
    const mode = brokenMode;
    if (mode === 'hang') return;
    if (mode === '429') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '42' });
      res.end(JSON.stringify({ code: 429, error: 'Too many requests.' }));
      return;
    }
    if (mode === '401') {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 401, error: 'Unauthorized.' }));
      return;
    }
    if (mode === 'echo') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 1, error: `bad key master-secret-key and app-secret-key` }));
      return;
    }
    res.writeHead(500, { 'content-type': 'text/html' });
    res.end('<h1>oops</h1>');
  });
  await new Promise<void>((r) => broken.listen(0, '127.0.0.1', r));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => broken.close(r)));

let brokenMode: 'hang' | '429' | '401' | 'echo' | 'html' = 'hang';

async function failure(client: UpstreamClient): Promise<ConsoleError> {
  try {
    await sendUpstream(client, call);
  } catch (e) {
    if (e instanceof ConsoleError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('upstream failures in the console error model', () => {
  it('unreachable gives 502 upstream_unreachable', async () => {
    const e = await failure(new UpstreamClient(app('http://127.0.0.1:9'), 2000));
    expect([e.status, e.code]).toEqual([502, 'upstream_unreachable']);
  });

  it('no answer in time gives 504 upstream_timeout', async () => {
    brokenMode = 'hang';
    const e = await failure(new UpstreamClient(app(brokenUrl), 300));
    expect([e.status, e.code]).toEqual([504, 'upstream_timeout']);
  });

  it('429 gives 429 with Retry-After', async () => {
    brokenMode = '429';
    const e = await failure(new UpstreamClient(app(brokenUrl), 2000));
    expect([e.status, e.code, e.headers?.['Retry-After']]).toEqual([429, 'rate_limited', '42']);
  });

  it("upstream 401 (the bff's keys refused) gives 502, not a console sign-out", async () => {
    brokenMode = '401';
    const e = await failure(new UpstreamClient(app(brokenUrl), 2000));
    expect([e.status, e.code]).toEqual([502, 'upstream_error']);
    expect(e.message).toMatch(/refused the console's keys/);
  });

  it('a non-JSON 5xx gives 502 upstream_error', async () => {
    brokenMode = 'html';
    const e = await failure(new UpstreamClient(app(brokenUrl), 2000));
    expect([e.status, e.code]).toEqual([502, 'upstream_error']);
  });

  it('never passes the keys on, even when upstream echoes them', async () => {
    brokenMode = 'echo';
    const e = await failure(new UpstreamClient(app(brokenUrl), 2000));
    expect(e.status).toBe(400);
    expect(e.message).not.toContain('master-secret-key');
    expect(e.message).not.toContain('app-secret-key');
    expect(e.message).toContain('[redacted]');
  });
});
