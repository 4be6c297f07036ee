import { MAX_FILE_UPLOAD_BYTES } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { masterCall, startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/** Uploading a file's content through the bff into our API server, and using it on a field. */
let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };

beforeAll(async () => {
  upstream = await startUpstreamServer();
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys, baseUrl: upstream.url }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

async function cookieOf(user: { email: string; password: string }): Promise<string> {
  const login = await new ConsoleClient(bff.url).login(user.email, user.password);
  return login.setCookie?.split(';')[0] ?? '';
}

async function upload(cookie: string, name: string, body: string | Uint8Array, type = 'text/plain') {
  const res = await fetch(
    `${bff.url}/api/apps/default/files/upload?${new URLSearchParams({ name }).toString()}`,
    {
      method: 'POST',
      headers: { cookie, 'content-type': type, 'x-switchboard-csrf': '1' },
      body,
    },
  );
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const master = (method: string, path: string, body?: unknown) => masterCall(upstream, method, path, body);

describe('POST /api/apps/:app/files/upload', () => {
  it('stores the content in the app and answers the File value, which a field then holds', async () => {
    const cookie = await cookieOf(admin);
    const r = await upload(cookie, 'notes 1.txt', 'hello, file');
    expect(r.status).toBe(200);
    const id = r.json.objectId as string;
    expect(r.json).toEqual({
      __type: 'File',
      id,
      objectId: id,
      name: 'notes 1.txt',
      url: expect.any(String),
    });
    const content = await fetch(r.json.url as string);
    expect(content.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await content.text()).toBe('hello, file');
    const record = await master('GET', `/1.1/files/${id}`);
    expect(record).toMatchObject({ name: 'notes 1.txt', mime_type: 'text/plain', metaData: { size: 11 } });

    const made = await master('POST', '/1.1/classes/Doc', { title: 't' });
    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    const put = await c.call('PUT', `/api/apps/default/1.1/classes/Doc/${String(made.objectId)}`, {
      attachment: { __type: 'File', id },
    });
    expect(put.status).toBe(200);
    const doc = await master('GET', `/1.1/classes/Doc/${String(made.objectId)}`);
    expect(doc.attachment).toMatchObject({
      __type: 'File',
      objectId: id,
      name: 'notes 1.txt',
      url: r.json.url,
    });

    const log = await c.call('GET', '/api/audit?action=file.upload&limit=1');
    expect((log.json.results as unknown[])[0]).toMatchObject({
      action: 'file.upload',
      target: { class: '_File', objectId: id },
      summary: { name: 'notes 1.txt', size: 11, mime: 'text/plain' },
      actorEmail: admin.email,
    });
  });

  it('refuses a role without files.write before storing anything', async () => {
    const before = await master('GET', '/1.1/classes/_File?count=1&limit=0');
    const r = await upload(await cookieOf(viewer), 'x.txt', 'x');
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/files\.write/);
    expect((await master('GET', '/1.1/classes/_File?count=1&limit=0')).count).toBe(before.count);
  });

  it('answers bad input with a 4xx and a message', async () => {
    const cookie = await cookieOf(admin);
    const big = await upload(
      cookie,
      'big.bin',
      new Uint8Array(MAX_FILE_UPLOAD_BYTES + 1),
      'application/octet-stream',
    );
    expect(big.status).toBe(413);
    expect(big.json.message).toMatch(/larger than 10 MB/);
    const slash = await upload(cookie, 'a/b.txt', 'x');
    expect(slash.status).toBe(400);
    expect(slash.json.message).toMatch(/file name/);
    const json = await upload(cookie, 'a.json', '{"a":1}', 'application/json');
    expect(json.status).toBe(415);
    expect(json.json.message).toMatch(/file itself/);
  });
});
