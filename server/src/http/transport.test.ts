import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

function expectLcError(
  reply: { status: number; json: Record<string, unknown> },
  status: number,
  code?: number,
) {
  expect(reply.status).toBe(status);
  expect(typeof reply.json.code).toBe('number');
  expect(typeof reply.json.error).toBe('string');
  if (code !== undefined) expect(reply.json.code).toBe(code);
}

/** Raw HTTP, for bodies and encodings fetch would normalize. */
function raw(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('transport: authentication failures are 401 {code, error}, never 500', () => {
  it('refuses a request without keys', async () => {
    expectLcError(await t.request('GET', '/1.1/classes/Thing', { auth: 'none' }), 401, 401);
  });

  it('refuses a bad signature and an uppercase signature', async () => {
    const ts = String(Date.now());
    const { createHash } = await import('node:crypto');
    const good = createHash('md5').update(`${ts}${TEST_KEYS.appKey}`).digest('hex');
    const headers = (sign: string) => ({ 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Sign': sign });
    expectLcError(
      await t.request('GET', '/1.1/date', { auth: 'none', headers: headers(`${'0'.repeat(32)},${ts}`) }),
      401,
      401,
    );
    expectLcError(
      await t.request('GET', '/1.1/date', { auth: 'none', headers: headers(`${good.toUpperCase()},${ts}`) }),
      401,
      401,
    );
    expect(
      (await t.request('GET', '/1.1/date', { auth: 'none', headers: headers(`${good},${ts}`) })).status,
    ).toBe(200);
  });

  it('a captured master signature works only within 15 minutes of its timestamp', async () => {
    const captured = authHeaders('sign-master');
    const schemas = () => t.request('GET', '/1.1/schemas', { auth: 'none', headers: captured });
    expect((await schemas()).status).toBe(200);
    const clock = (body: unknown) => t.request('POST', '/1.1/__test/clock', { auth: 'master', body });
    try {
      expect((await clock({ advanceMs: 16 * 60_000 })).status).toBe(200);
      const replayed = await schemas();
      expectLcError(replayed, 401, 401);
      expect(replayed.json.error).toMatch(/timestamp is outside the 15-minute window/);
    } finally {
      await clock({ reset: true });
    }
    const ts = Date.now() + 16 * 60_000;
    const { createHash } = await import('node:crypto');
    const ahead = `${createHash('md5').update(`${ts}${TEST_KEYS.masterKey}`).digest('hex')},${ts},master`;
    expectLcError(
      await t.request('GET', '/1.1/schemas', {
        auth: 'none',
        headers: { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Sign': ahead },
      }),
      401,
      401,
    );
  });

  it('answers the master-only schema endpoint only for the master key', async () => {
    expectLcError(await t.request('GET', '/1.1/schemas', { auth: 'app' }), 403, 403);
    expect((await t.request('GET', '/1.1/schemas', { auth: 'sign-master' })).status).toBe(200);
  });
});

describe('transport: bad input is a clear 4xx', () => {
  it('malformed JSON is 400 with code 107', async () => {
    const r = await t.request('POST', '/1.1/classes/Thing', {
      rawBody: '{"a": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expectLcError(r, 400, 107);
  });

  it('a JSON body that is not an object is 400 with code 107', async () => {
    expectLcError(await t.request('POST', '/1.1/classes/Thing', { body: [1, 2] }), 400, 107);
  });

  it('a body over 20 MB is 413 with an error body', async () => {
    const big = JSON.stringify({ blob: 'x'.repeat(20 * 1024 * 1024 + 10) });
    const r = await t.request('POST', '/1.1/classes/Thing', {
      rawBody: big,
      headers: { 'Content-Type': 'application/json' },
    });
    expectLcError(r, 413, 116);
  });

  it('an unknown route is 404 with an error body', async () => {
    expectLcError(await t.request('GET', '/1.1/nothing/here'), 404, 404);
    expectLcError(await t.request('GET', '/2.0/whatever'), 404, 404);
  });

  it('an invalid class name is 400 with code 103', async () => {
    expectLcError(await t.request('POST', '/1.1/classes/bad-name', { body: { a: 1 } }), 400, 103);
    expectLcError(await t.request('POST', '/1.1/classes/_Custom', { body: { a: 1 } }), 400, 103);
  });
});

describe('transport: CORS, compression, method override', () => {
  it('answers a preflight for the X-LC headers', async () => {
    const res = await fetch(`${t.url}/1.1/classes/Thing`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'x-lc-id,x-lc-sign,x-lc-session,content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-lc-sign');
  });

  it('compresses large responses with gzip or brotli as asked', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      method: 'POST',
      path: '/1.1/classes/Zip',
      body: { i },
    }));
    for (const r of rows) await t.request(r.method, r.path, { body: r.body });
    const headers = { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Key': TEST_KEYS.appKey };
    const gz = await raw('/1.1/classes/Zip', { ...headers, 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString()).results).toHaveLength(40);
    const br = await raw('/1.1/classes/Zip', { ...headers, 'Accept-Encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString()).results).toHaveLength(40);
  });

  it('compresses small and large bodies alike, says so in Vary, and honours identity', async () => {
    // 12 objects of 8 KB: a page of about 100 KB goes through the streaming compressor; one object
    // (8 KB) through the synchronous one.
    const big = 'x'.repeat(8000);
    for (let i = 0; i < 12; i++) await t.request('POST', '/1.1/classes/Zip2', { body: { i, big } });
    const headers = { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Key': TEST_KEYS.appKey, Origin: 'https://a.example' };
    for (const [path, n] of [
      ['/1.1/classes/Zip2?limit=1', 1],
      ['/1.1/classes/Zip2', 12],
    ] as const) {
      for (const encoding of ['gzip', 'br'] as const) {
        const r = await raw(path, { ...headers, 'Accept-Encoding': `${encoding};q=1, identity;q=0.5` });
        expect(r.status).toBe(200);
        expect(r.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
        expect(String(r.headers.vary).toLowerCase()).toContain('accept-encoding');
        expect(String(r.headers.vary).toLowerCase()).toContain('origin');
        expect(r.body.length).toBeLessThan(2000);
        // The small body is compressed whole (its length known), the large one streamed.
        if (n === 1) expect(Number(r.headers['content-length'])).toBe(r.body.length);
        else expect(r.headers['transfer-encoding']).toBe('chunked');
        const text = (encoding === 'gzip' ? gunzipSync(r.body) : brotliDecompressSync(r.body)).toString();
        expect((JSON.parse(text) as { results: { big: string }[] }).results.map((o) => o.big)).toEqual(
          Array.from({ length: n }, () => big),
        );
      }
      const plain: Record<string, string>[] = [
        {},
        { 'Accept-Encoding': 'identity' },
        { 'Accept-Encoding': 'gzip', 'x-no-compression': '1' },
      ];
      for (const h of plain) {
        const r = await raw(path, { ...headers, ...h });
        expect(r.headers['content-encoding']).toBeUndefined();
        expect((JSON.parse(r.body.toString()) as { results: unknown[] }).results).toHaveLength(n);
      }
    }
    // Under 1 KB: sent as it is.
    const small = await raw('/1.1/classes/Zip2?limit=0&count=1', { ...headers, 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ results: [], count: 12 });
  });

  it('treats POST text/plain with _method as that method, credentials in the body', async () => {
    const created = await t.request('POST', '/1.1/classes/Override', { body: { n: 1 } });
    const path = `/1.1/classes/Override/${String(created.json.objectId)}`;
    const creds = { _ApplicationId: TEST_KEYS.appId, _ApplicationKey: TEST_KEYS.appKey };
    const override = (fields: Record<string, unknown>) =>
      t.request('POST', path, {
        auth: 'none',
        rawBody: JSON.stringify({ ...creds, ...fields }),
        headers: { 'Content-Type': 'text/plain' },
      });
    expect((await override({ _method: 'PUT', n: 5 })).status).toBe(200);
    expect((await override({ _method: 'GET' })).json.n).toBe(5);
    const wrongKey = await t.request('POST', path, {
      auth: 'none',
      rawBody: JSON.stringify({ _method: 'GET', _ApplicationId: TEST_KEYS.appId, _ApplicationKey: 'nope' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expectLcError(wrongKey, 401, 401);
    expect((await override({ _method: 'DELETE' })).json).toEqual({});
    expect((await t.request('GET', path)).json).toEqual({});
  });
});
