import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

// The multipart form POST to upload_url (the JavaScript SDK's "qcloud" uploader, and a browser's
// FormData), beside the PUT of routes/files.test.ts.
let t: TestServer;
let filesDir: string;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'file-upload-test-'));
  t = await startTestServer({ filesDir });
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

interface Token {
  objectId: string;
  token: string;
  upload_url: string;
  url: string;
  key: string;
  provider: string;
}

async function fileToken(name: string, headers: Record<string, string> = {}): Promise<Token> {
  const r = await t.request('POST', '/1.1/fileTokens', { body: { name }, headers });
  expect(r.status, r.text).toBe(200);
  return r.json as unknown as Token;
}

/** A form as the SDK's qcloud uploader builds it: the file part "fileContent", then op=upload. */
function form(...files: [string, Blob][]): FormData {
  const f = new FormData();
  for (const [name, blob] of files) f.append('fileContent', blob, name);
  f.append('op', 'upload');
  return f;
}

const post = (tok: Token, body: FormData | string, headers: Record<string, string> = {}) =>
  fetch(`${tok.upload_url}?sign=${encodeURIComponent(tok.token)}`, { method: 'POST', body, headers });

/** Nothing half-written is left in the staging folder. */
const staged = () => {
  const dir = join(filesDir, '.staging');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('which uploader fileTokens names', () => {
  it('the JavaScript SDK (User-Agent in Node, X-LC-UA in browsers) gets "qcloud"; others get "s3"', async () => {
    const node = await fileToken('a.txt', { 'User-Agent': 'LeanCloud-JS-SDK/4.15.2 (Node.js/v20.19.0)' });
    const browser = await fileToken('b.txt', { 'X-LC-UA': 'LeanCloud-JS-SDK/4.15.2 (Browser)' });
    const other = await fileToken('c.txt', { 'User-Agent': 'LeanCloud-Python-SDK/2.9.0' });
    expect([node.provider, browser.provider, other.provider]).toEqual(['qcloud', 'qcloud', 's3']);
    // One upload_url takes both ways.
    expect(node.upload_url).toBe(`${t.url}/files-upload/${node.token}`);
    expect(other.upload_url).toBe(`${t.url}/files-upload/${other.token}`);
  });
});

describe('POST upload_url with a multipart form', () => {
  it('stores the one file part, as a browser sends a Blob; the record keeps its own type', async () => {
    const tok = await fileToken('notes.txt');
    const bytes = Buffer.from('from a form');
    const res = await post(tok, form(['notes.txt', new Blob([bytes], { type: 'application/octet-stream' })]));
    expect([res.status, await res.json()]).toEqual([200, { objectId: tok.objectId, size: bytes.length }]);
    const cb = await t.request('POST', '/1.1/fileCallback', { body: { token: tok.token, result: true } });
    expect(cb.status, cb.text).toBe(200);
    const served = await fetch(tok.url);
    expect(served.headers.get('content-type')).toBe('text/plain');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    const rec = await t.request('GET', `/1.1/files/${tok.objectId}`);
    expect(rec.json).toMatchObject({ mime_type: 'text/plain', metaData: { size: bytes.length } });
    expect(readFileSync(join(filesDir, tok.key))).toEqual(bytes);
    expect(staged()).toEqual([]);
  });

  it('checks the token before reading the form: unknown 404, used 409, expired 403', async () => {
    const unknown = await post({ upload_url: `${t.url}/files-upload/nope`, token: 'nope' } as Token, form());
    expect([unknown.status, ((await unknown.json()) as { code: number }).code]).toEqual([404, 404]);

    const tok = await fileToken('once.txt');
    expect((await post(tok, form(['once.txt', new Blob(['first'])]))).status).toBe(200);
    const again = await post(tok, form(['once.txt', new Blob(['second'])]));
    expect(again.status).toBe(409);
    expect(await (await fetch(tok.url)).text()).toBe('first');

    const late = await fileToken('late.txt');
    await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 61 * 60_000 } });
    try {
      const expired = await post(late, form(['late.txt', new Blob(['too late'])]));
      expect(expired.status).toBe(403);
    } finally {
      await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { reset: true } });
    }
    expect(existsSync(join(filesDir, late.key))).toBe(false);
    expect(staged()).toEqual([]);
  });

  it('refuses what it cannot take with a 4xx and a JSON error; the token stays good', async () => {
    const tok = await fileToken('picky.txt');
    const refusals: [string, Response, number][] = [
      ['not multipart', await post(tok, 'raw text', { 'Content-Type': 'text/plain' }), 400],
      ['no file part', await post(tok, form()), 400],
      ['two files', await post(tok, form(['a.txt', new Blob(['a'])], ['b.txt', new Blob(['b'])])), 400],
      [
        'a cut-off form',
        await post(
          tok,
          '--xyz\r\nContent-Disposition: form-data; name="fileContent"; filename="a"\r\n\r\nab',
          {
            'Content-Type': 'multipart/form-data; boundary=xyz',
          },
        ),
        400,
      ],
      ['no boundary', await post(tok, 'x', { 'Content-Type': 'multipart/form-data' }), 400],
      ['over 20 MB', await post(tok, form(['big.bin', new Blob([Buffer.alloc(20 * 1024 * 1024 + 1)])])), 413],
    ];
    for (const [label, res, status] of refusals) {
      expect(res.status, label).toBe(status);
      const body = (await res.json()) as { code: unknown; error: unknown };
      expect(typeof body.code, label).toBe('number');
      expect(typeof body.error, label).toBe('string');
    }
    expect(existsSync(join(filesDir, tok.key))).toBe(false);
    expect(staged()).toEqual([]);
    expect((await post(tok, form(['picky.txt', new Blob(['at last'])]))).status).toBe(200);
    expect(await (await fetch(tok.url)).text()).toBe('at last');
  });
});
