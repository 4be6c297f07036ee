import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from './client';

/** Records what reaches the app: the path and query as sent, and the credential headers. */
let server: Server;
let base: string;
const seen: { url: string; id: string | undefined; sign: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      url: req.url ?? '',
      id: req.headers['x-lc-id'] as string | undefined,
      sign: req.headers['x-lc-sign'] as string | undefined,
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const client = (baseUrl: string) =>
  new UpstreamClient(
    { id: 'x', name: 'App', baseUrl, appId: 'the-app-id', appKey: 'k', masterKey: 'm' },
    2000,
  );

describe('UpstreamClient', () => {
  it('keeps the path of a base URL that has one, re-encodes segments and signs the request', async () => {
    seen.length = 0;
    const res = await client(`${base}/lc/v1`).request({
      method: 'GET',
      path: '/1.1/classes/Post/a b',
      query: { where: '{"x":1}' },
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true }, text: '{"ok":true}' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/lc/v1/1.1/classes/Post/a%20b?where=%7B%22x%22%3A1%7D');
    expect(seen[0]?.id).toBe('the-app-id');
    expect(seen[0]?.sign).toMatch(/^[0-9a-f]{32},\d+,master$/);
  });

  it('sends paths from the root of a base URL without one', async () => {
    seen.length = 0;
    await client(base).request({ method: 'GET', path: '/1.1/date', query: {} });
    expect(seen[0]?.url).toBe('/1.1/date');
  });
});
