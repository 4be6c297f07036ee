import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { AuthMode, TestServer } from '../test/harness';

let t: TestServer;
let filesDir: string;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'files-test-'));
  t = await startTestServer({ filesDir });
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

const external = (name: string) => ({
  url: `https://cdn.example.com/assets/${name}`,
  name,
  mime_type: 'text/plain',
});

async function createExternal(name: string, opts: { auth?: AuthMode; session?: string } = {}) {
  const r = await t.request('POST', '/1.1/files', {
    auth: opts.auth,
    body: external(name),
    headers: opts.session ? { 'X-LC-Session': opts.session } : {},
  });
  expect(r.status, r.text).toBe(201);
  return String(r.json.objectId);
}

async function signUp(username: string): Promise<{ id: string; session: string }> {
  const r = await t.request('POST', '/1.1/users', { body: { username, password: 'secret-pw' } });
  expect(r.status, r.text).toBe(201);
  return { id: String(r.json.objectId), session: String(r.json.sessionToken) };
}

interface Token {
  objectId: string;
  token: string;
  upload_url: string;
  url: string;
  key: string;
  [k: string]: unknown;
}

async function fileToken(body: Record<string, unknown>, auth: AuthMode = 'app'): Promise<Token> {
  const r = await t.request('POST', '/1.1/fileTokens', { auth, body });
  expect(r.status, r.text).toBe(200);
  return r.json as unknown as Token;
}

const put = (url: string, body: Buffer, type = 'text/plain') =>
  fetch(url, { method: 'PUT', body, headers: { 'Content-Type': type } });

/** The SDK's three steps: token, PUT, callback. */
async function upload(name: string, bytes: Buffer, extra: Record<string, unknown> = {}): Promise<Token> {
  const tok = await fileToken({ name, ...extra });
  const res = await put(tok.upload_url, bytes);
  expect(res.status, await res.clone().text()).toBe(200);
  const cb = await t.request('POST', '/1.1/fileCallback', { body: { token: tok.token, result: true } });
  expect(cb.status, cb.text).toBe(200);
  return tok;
}

/** A GET with the path sent exactly as written (fetch would normalize "..").  */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const u = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('external file records', () => {
  it('POST /1.1/files answers 201 with Location and {objectId, createdAt}; GET returns the record', async () => {
    const r = await t.request('POST', '/1.1/files', { body: external('a.txt') });
    expect(r.status, r.text).toBe(201);
    expect(Object.keys(r.json).sort()).toEqual(['createdAt', 'objectId']);
    expect(r.headers.get('location')).toBe(`${t.url}/1.1/files/${String(r.json.objectId)}`);
    const got = await t.request('GET', `/1.1/files/${String(r.json.objectId)}`);
    expect(got.json).toMatchObject({ objectId: r.json.objectId, ...external('a.txt'), metaData: {} });
  });

  it('refuses a record without a url, or with a url that is not an http(s) address', async () => {
    for (const body of [
      { name: 'x.txt', mime_type: 'text/plain' },
      { url: 42, name: 'x.txt' },
      { url: 'not a url', name: 'x.txt' },
      { url: 'javascript:alert(1)', name: 'x.txt' },
      { url: 'ftp://example.com/x.txt', name: 'x.txt' },
    ]) {
      const r = await t.request('POST', '/1.1/files', { body });
      expect([r.status, r.json.code], JSON.stringify(body)).toEqual([400, 1]);
      expect(String(r.json.error)).toMatch(/url/);
    }
    const none = await t.request('GET', '/1.1/classes/files', {
      auth: 'master',
      query: { where: { name: 'x.txt' } },
    });
    expect(none.json.results).toEqual([]);
  });

  it('infers mime_type and name when the SDK sends none', async () => {
    const r = await t.request('POST', '/1.1/files', {
      body: { url: 'https://cdn.example.com/p/photo%201.png' },
    });
    const got = await t.request('GET', `/1.1/files/${String(r.json.objectId)}`);
    expect(got.json).toMatchObject({ name: 'photo 1.png', mime_type: 'image/png' });
  });

  it('is found through /1.1/classes/files and /1.1/classes/_File, by name and by url', async () => {
    const id = await createExternal('findme.txt');
    for (const path of ['/1.1/classes/files', '/1.1/classes/_File']) {
      const byName = await t.request('GET', path, { query: { where: { name: 'findme.txt' } } });
      expect(byName.json.results).toMatchObject([{ objectId: id, ...external('findme.txt') }]);
      const byUrl = await t.request('GET', path, { query: { where: { url: external('findme.txt').url } } });
      expect((byUrl.json.results as { objectId: string }[]).map((o) => o.objectId)).toEqual([id]);
    }
  });
});

describe('default ACL and delete', () => {
  it('a record made without a session is public-read and deletable by the master key only', async () => {
    const id = await createExternal('nosession.txt');
    const acl = await t.request('GET', `/1.1/files/${id}`, { auth: 'master', query: { returnACL: 'true' } });
    expect(acl.json.ACL).toEqual({ '*': { read: true } });
    const refused = await t.request('DELETE', `/1.1/files/${id}`);
    expect([refused.status, refused.json.code]).toEqual([403, 403]);
    const ok = await t.request('DELETE', `/1.1/files/${id}`, { auth: 'master' });
    expect(ok.status).toBe(200);
    expect((await t.request('GET', `/1.1/files/${id}`)).json).toEqual({});
  });

  it('a record made with a session can be deleted by its user and nobody else', async () => {
    const owner = await signUp('file_owner');
    const other = await signUp('file_other');
    const id = await createExternal('owned.txt', { session: owner.session });
    const acl = await t.request('GET', `/1.1/files/${id}`, { auth: 'master', query: { returnACL: 'true' } });
    expect(acl.json.ACL).toEqual({ '*': { read: true }, [owner.id]: { read: true, write: true } });
    const byOther = await t.request('DELETE', `/1.1/files/${id}`, {
      headers: { 'X-LC-Session': other.session },
    });
    expect(byOther.status).toBe(403);
    const byOwner = await t.request('DELETE', `/1.1/files/${id}`, {
      headers: { 'X-LC-Session': owner.session },
    });
    expect(byOwner.status, byOwner.text).toBe(200);
  });

  it('an explicit ACL wins over the default', async () => {
    const r = await t.request('POST', '/1.1/files', {
      body: { ...external('open.txt'), ACL: { '*': { read: true, write: true } } },
    });
    const del = await t.request('DELETE', `/1.1/files/${String(r.json.objectId)}`);
    expect(del.status, del.text).toBe(200);
  });
});

describe('upload flow', () => {
  it('fileTokens creates the record and answers what the SDK s3 uploader needs', async () => {
    const tok = await fileToken({ name: 'report.pdf', metaData: { owner: 'unknown' } });
    expect(tok).toMatchObject({ provider: 's3', bucket: 'local', mime_type: 'application/pdf' });
    expect(tok.key).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(tok.upload_url).toBe(`${t.url}/files-upload/${tok.token}`);
    expect(tok.url).toBe(`${t.url}/files/${tok.key}`);
    expect(typeof tok.createdAt).toBe('string');
    const rec = await t.request('GET', `/1.1/files/${tok.objectId}`);
    expect(rec.json).toMatchObject({ name: 'report.pdf', key: tok.key, provider: 'local', url: tok.url });
  });

  it('stores the PUT body and serves it at the url with its type and length', async () => {
    const bytes = Buffer.from('hello, files');
    const tok = await upload('hello.txt', bytes);
    const res = await fetch(tok.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    const rec = await t.request('GET', `/1.1/files/${tok.objectId}`);
    expect(rec.json).toMatchObject({
      url: tok.url,
      mime_type: 'text/plain',
      metaData: { size: bytes.length },
    });
    expect(readFileSync(join(filesDir, tok.key))).toEqual(bytes);
  });

  it('keeps the file name in the key when asked, without leaving the files folder', async () => {
    const tok = await upload('../../escape me.txt', Buffer.from('x'), { keep_file_name: true });
    // One segment: slashes become "_" and a leading dot is replaced.
    expect(tok.key).toMatch(/^[0-9a-f]{32}\/_\._\.\._escape me\.txt$/);
    expect(tok.url).toBe(`${t.url}/files/${tok.key.replace(' ', '%20')}`);
    expect(await (await fetch(tok.url)).text()).toBe('x');
    expect(existsSync(join(filesDir, ...tok.key.split('/')))).toBe(true);
  });

  it('a token uploads once, and not after it expired (one hour)', async () => {
    const tok = await fileToken({ name: 'once.txt' });
    expect((await put(tok.upload_url, Buffer.from('first'))).status).toBe(200);
    const again = await put(tok.upload_url, Buffer.from('second'));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 1, error: expect.stringMatching(/used/) as unknown });
    expect(await (await fetch(tok.url)).text()).toBe('first');

    const late = await fileToken({ name: 'late.txt' });
    await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 59 * 60_000 } });
    const stillOk = await fileToken({ name: 'late2.txt' });
    try {
      await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 2 * 60_000 } });
      const expired = await put(late.upload_url, Buffer.from('too late'));
      expect(expired.status).toBe(403);
      expect(await expired.json()).toMatchObject({ error: expect.stringMatching(/expired/) as unknown });
      expect((await put(stillOk.upload_url, Buffer.from('in time'))).status).toBe(200);
    } finally {
      await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { reset: true } });
    }
    const unknown = await put(`${t.url}/files-upload/not-a-token`, Buffer.from('x'));
    expect([unknown.status, ((await unknown.json()) as { code: number }).code]).toEqual([404, 404]);
  });

  it('callback false deletes the pending record and its content; callback true needs an upload', async () => {
    const tok = await fileToken({ name: 'failed.txt' });
    const early = await t.request('POST', '/1.1/fileCallback', { body: { token: tok.token, result: true } });
    expect(early.status).toBe(400);
    await put(tok.upload_url, Buffer.from('partial'));
    const cb = await t.request('POST', '/1.1/fileCallback', { body: { token: tok.token, result: false } });
    expect(cb.status, cb.text).toBe(200);
    expect((await t.request('GET', `/1.1/files/${tok.objectId}`)).json).toEqual({});
    expect((await fetch(tok.url)).status).toBe(404);
    expect(existsSync(join(filesDir, tok.key))).toBe(false);
    const reused = await t.request('POST', '/1.1/fileCallback', { body: { token: tok.token, result: true } });
    expect(reused.status).toBe(400);
    const malformed = await t.request('POST', '/1.1/fileCallback', { body: { token: tok.token } });
    expect(malformed.status).toBe(400);
  });

  it('refuses a body over 20 MB with 413 and a JSON error', async () => {
    const tok = await fileToken({ name: 'big.bin' });
    const res = await put(tok.upload_url, Buffer.alloc(20 * 1024 * 1024 + 1), 'application/octet-stream');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 116 });
  });

  it('DELETE removes the stored content from disk', async () => {
    const tok = await upload('doomed.txt', Buffer.from('bye'));
    expect(existsSync(join(filesDir, tok.key))).toBe(true);
    const refused = await t.request('DELETE', `/1.1/files/${tok.objectId}`);
    expect(refused.status).toBe(403);
    expect(existsSync(join(filesDir, tok.key))).toBe(true);
    const del = await t.request('DELETE', `/1.1/classes/files/${tok.objectId}`, { auth: 'master' });
    expect(del.status, del.text).toBe(200);
    expect(existsSync(join(filesDir, tok.key))).toBe(false);
    const gone = await fetch(tok.url);
    expect([gone.status, await gone.json()]).toEqual([404, { code: 404, error: 'No such file.' }]);
  });
});

describe('keys and paths', () => {
  it('a chosen key needs the master key, must be safe, and is unique', async () => {
    const byApp = await t.request('POST', '/1.1/fileTokens', { body: { name: 'a.txt', key: 'mine/a.txt' } });
    expect(byApp.status).toBe(403);
    for (const key of [
      '../evil.txt',
      'a/../../evil.txt',
      '/abs.txt',
      'a//b',
      '.hidden',
      'a\\b',
      '.staging/x',
    ]) {
      const r = await t.request('POST', '/1.1/fileTokens', { auth: 'master', body: { name: 'a.txt', key } });
      expect(r.status, key).toBe(400);
    }
    const tok = await fileToken({ name: 'a.txt', key: 'assets/a.txt' }, 'master');
    expect(tok.url).toBe(`${t.url}/files/assets/a.txt`);
    const dup = await t.request('POST', '/1.1/fileTokens', {
      auth: 'master',
      body: { name: 'b.txt', key: 'assets/a.txt' },
    });
    expect([dup.status, dup.json.code]).toEqual([400, 137]);
  });

  it('downloads cannot leave the files folder', async () => {
    for (const path of [
      '/files/../../etc/passwd',
      '/files/..%2f..%2fetc%2fpasswd',
      '/files/%2e%2e/package.json',
    ]) {
      const r = await rawGet(path);
      expect(r.status, path).toBe(404);
      expect(JSON.parse(r.body)).toMatchObject({ code: 404 });
    }
    expect((await fetch(`${t.url}/files/no-such-key.txt`)).status).toBe(404);
  });

  it('key, provider and bucket cannot be changed, nor the url of a stored file', async () => {
    const tok = await upload('fixed.txt', Buffer.from('z'));
    for (const body of [
      { key: 'other.txt' },
      { provider: 's3' },
      { bucket: 'x' },
      { url: 'https://x.example/y' },
    ]) {
      const r = await t.request('PUT', `/1.1/files/${tok.objectId}`, { auth: 'master', body });
      expect([r.status, r.json.code], JSON.stringify(body)).toEqual([400, 117]);
    }
    const meta = await t.request('PUT', `/1.1/files/${tok.objectId}`, {
      auth: 'master',
      body: { name: 'renamed.txt' },
    });
    expect(meta.status, meta.text).toBe(200);
  });
});

describe('queries and scans of stored files', () => {
  it('carry key and no url; searching by url finds external files only', async () => {
    const tok = await upload('listed.txt', Buffer.from('q'));
    for (const path of ['/1.1/classes/files', '/1.1/classes/_File']) {
      const r = await t.request('GET', path, { query: { where: { name: 'listed.txt' } } });
      const [rec] = r.json.results as Record<string, unknown>[];
      expect(rec).toMatchObject({ objectId: tok.objectId, key: tok.key, name: 'listed.txt' });
      expect(rec).not.toHaveProperty('url');
    }
    const byUrl = await t.request('GET', '/1.1/classes/files', { query: { where: { url: tok.url } } });
    expect(byUrl.json.results).toEqual([]);
    const scan = await t.request('GET', '/1.1/scan/classes/_File', {
      auth: 'master',
      query: { where: { name: 'listed.txt' } },
    });
    const [scanned] = scan.json.results as Record<string, unknown>[];
    expect(scanned).toMatchObject({ key: tok.key });
    expect(scanned).not.toHaveProperty('url');
  });
});

describe('censor', () => {
  it('needs the master key, records a pending request and answers its state', async () => {
    const id = await createExternal('censored.txt');
    const byApp = await t.request('POST', `/1.1/files/${id}/censor`, { body: {} });
    expect([byApp.status, byApp.json.code]).toEqual([403, 403]);
    const first = await t.request('POST', `/1.1/files/${id}/censor`, { auth: 'master', body: {} });
    expect(first.json).toEqual({ objectId: id, censorResult: 'pending' });
    const rec = await t.request('GET', `/1.1/files/${id}`);
    expect(rec.json.censor).toMatchObject({ status: 'pending', requestedAt: expect.any(String) as unknown });

    // No moderation provider: the master key records the decision with an ordinary update.
    const decide = await t.request('PUT', `/1.1/files/${id}`, {
      auth: 'master',
      body: { censor: { status: 'passed' } },
    });
    expect(decide.status, decide.text).toBe(200);
    const decided = await t.request('POST', `/1.1/files/${id}/censor`, { auth: 'master' });
    expect(decided.json.censorResult).toBe('passed');
  });

  it('only the master key records a decision', async () => {
    const owner = await signUp('censor_owner');
    const id = await createExternal('mine.txt', { session: owner.session });
    const r = await t.request('PUT', `/1.1/files/${id}`, {
      headers: { 'X-LC-Session': owner.session },
      body: { censor: { status: 'passed' } },
    });
    expect([r.status, r.json.code]).toEqual([400, 119]);
  });

  it('answers 404 / 101 for an unknown file', async () => {
    const r = await t.request('POST', '/1.1/files/000000000000000000000000/censor', { auth: 'master' });
    expect([r.status, r.json.code]).toEqual([404, 101]);
  });
});

describe('File values in objects', () => {
  it('come back with the record fields and url, on get, query and include', async () => {
    const tok = await upload('attached.txt', Buffer.from('attached'));
    const extId = await createExternal('ext.txt');
    const obj = await t.request('POST', '/1.1/classes/FileHolder', {
      body: {
        file: { __type: 'File', id: tok.objectId },
        // The SDK sends a saved AV.File whole, with objectId and no id.
        files: [{ __type: 'File', objectId: extId, name: 'ext.txt', url: 'ignored' }],
        missing: { __type: 'File', id: '000000000000000000000000' },
      },
    });
    expect(obj.status, obj.text).toBe(201);
    const id = String(obj.json.objectId);
    const got = await t.request('GET', `/1.1/classes/FileHolder/${id}`);
    expect(got.json.file).toEqual({
      __type: 'File',
      id: tok.objectId,
      objectId: tok.objectId,
      name: 'attached.txt',
      url: tok.url,
      mime_type: 'text/plain',
      metaData: { size: 8 },
    });
    expect(got.json.files).toMatchObject([{ __type: 'File', id: extId, url: external('ext.txt').url }]);
    expect(got.json.missing).toEqual({ __type: 'File', id: '000000000000000000000000' });
    expect(await (await fetch(String((got.json.file as { url: string }).url))).text()).toBe('attached');

    const q = await t.request('GET', '/1.1/classes/FileHolder', { query: { where: { objectId: id } } });
    expect((q.json.results as Record<string, { url?: string }>[])[0]?.file?.url).toBe(tok.url);

    const ptr = await t.request('POST', '/1.1/classes/FileOwner', {
      body: { holder: { __type: 'Pointer', className: 'FileHolder', objectId: id } },
    });
    const inc = await t.request('GET', `/1.1/classes/FileOwner/${String(ptr.json.objectId)}`, {
      query: { include: 'holder' },
    });
    expect((inc.json.holder as Record<string, { url?: string }>).file?.url).toBe(tok.url);
  });
});
