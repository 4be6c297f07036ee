import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { masterCall, startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/**
 * Images for messages: uploaded by whoever may send the message (support to conversations,
 * operators to service conversations) through the console's one upload, images only, audited
 * with the file and the conversation it is for.
 */
let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const support = { email: 'support@example.com', password: 'support password 1' };
const operator = { email: 'operator@example.com', password: 'operator password' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };
const developer = { email: 'dev@example.com', password: 'developer password' };

beforeAll(async () => {
  upstream = await startUpstreamServer();
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys, baseUrl: upstream.url }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...support, role: 'support' });
  await createUser(bff.sql, { ...operator, role: 'operator' });
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
  await createUser(bff.sql, { ...developer, role: 'developer' });
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

/** A real 1×1 PNG (signature, IHDR, IDAT, IEND), CRCs left zero: only the signature is judged. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function cookieOf(user: { email: string; password: string }): Promise<string> {
  const login = await new ConsoleClient(bff.url).login(user.email, user.password);
  return login.setCookie?.split(';')[0] ?? '';
}

async function upload(
  user: { email: string; password: string },
  path: 'images' | 'service-images',
  query: Record<string, string>,
  body: Uint8Array | string,
  type = 'image/png',
) {
  const res = await fetch(`${bff.url}/api/apps/default/im/${path}?${new URLSearchParams(query).toString()}`, {
    method: 'POST',
    headers: { cookie: await cookieOf(user), 'content-type': type, 'x-switchboard-csrf': '1' },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/apps/:app/im/images and /im/service-images', () => {
  it('store an image for support (conversations) and operators (service conversations)', async () => {
    const bytes = png();
    const r = await upload(support, 'images', { name: 'shot.png', conversation: 'conv1' }, bytes);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = r.json.objectId as string;
    expect(r.json).toMatchObject({ __type: 'File', objectId: id, name: 'shot.png' });
    const content = await fetch(r.json.url as string);
    expect(content.headers.get('content-type')).toMatch(/^image\/png/);
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
    const record = await masterCall(upstream, 'GET', `/1.1/files/${id}`);
    expect(record).toMatchObject({
      name: 'shot.png',
      mime_type: 'image/png',
      metaData: { size: bytes.length },
    });

    const s = await upload(operator, 'service-images', { name: 'sale.png' }, bytes);
    expect(s.status, JSON.stringify(s.json)).toBe(200);

    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    const audit = await c.call('GET', '/api/audit?action=file.upload&limit=5');
    expect(audit.json.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorEmail: support.email,
          result: 'ok',
          target: { class: '_File', objectId: id, conversation: 'conv1' },
        }),
        expect.objectContaining({
          actorEmail: operator.email,
          result: 'ok',
          target: { class: '_File', objectId: s.json.objectId },
        }),
      ]),
    );
  });

  it('take images only, judged by their bytes whatever the type sent', async () => {
    const r = await upload(support, 'images', { name: 'page.png' }, '<html><script>x</script></html>');
    expect(r.status).toBe(415);
    expect(r.json.message).toMatch(/PNG, JPEG, GIF, WebP or AVIF/);
    const svg = await upload(support, 'images', { name: 'a.svg' }, '<svg xmlns="x"/>', 'image/svg+xml');
    expect(svg.status).toBe(415);
    const json = await upload(support, 'images', { name: 'a.png' }, '{}', 'application/json');
    expect(json.status).toBe(415);
  });

  it('refuse whoever may not send there, and bad names', async () => {
    for (const [who, path] of [
      [viewer, 'images'],
      [developer, 'images'],
      [operator, 'images'],
      [support, 'service-images'],
    ] as const) {
      const r = await upload(who, path, { name: 'x.png' }, png());
      expect([who.email, r.status, r.json.code]).toEqual([who.email, 403, 'forbidden']);
    }
    const bad = await upload(support, 'images', { name: '../x.png' }, png());
    expect(bad.status).toBe(400);
    const extra = await upload(support, 'images', { name: 'x.png', objectId: 'y' }, png());
    expect(extra.status).toBe(400);
  });
});

describe('DELETE /api/apps/:app/im/images/:id and /im/service-images/:id', () => {
  const withdraw = async (user: { email: string; password: string }, path: string, id: string) => {
    const res = await fetch(`${bff.url}/api/apps/default/im/${path}/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      headers: { cookie: await cookieOf(user), 'x-switchboard-csrf': '1' },
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const exists = async (id: string) => {
    const res = await fetch(`${upstream.url}/1.1/files/${id}`, {
      headers: { 'X-LC-Id': upstream.keys.appId, 'X-LC-Key': `${upstream.keys.masterKey},master` },
    });
    // Doc 1: a GET of an object that is not there answers 200 with an empty object.
    const body = (await res.json()) as Record<string, unknown>;
    return res.status === 200 && body.objectId === id;
  };

  it('take back an unsent image for its uploader, and only theirs', async () => {
    const mine = await upload(support, 'images', { name: 'draft.png', conversation: 'conv2' }, png());
    const id = mine.json.objectId as string;
    const theirs = await upload(operator, 'service-images', { name: 'promo.png' }, png());
    const other = theirs.json.objectId as string;

    // Someone else's upload, a file nobody uploaded here, or a role that may not send: nothing goes.
    const refused = await withdraw(support, 'images', other);
    expect([refused.status, refused.json.message]).toEqual([404, expect.stringMatching(/you uploaded/)]);
    expect((await withdraw(support, 'images', 'nosuchfile')).status).toBe(404);
    expect((await withdraw(viewer, 'images', id)).status).toBe(403);
    expect((await withdraw(support, 'service-images', id)).status).toBe(403);
    expect(await exists(id)).toBe(true);
    expect(await exists(other)).toBe(true);

    const r = await withdraw(support, 'images', id);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(await exists(id)).toBe(false);
    expect((await withdraw(operator, 'service-images', other)).status).toBe(200);
    expect(await exists(other)).toBe(false);

    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    const audit = await c.call('GET', '/api/audit?action=file.withdraw&limit=5');
    expect(audit.json.results).toEqual([
      expect.objectContaining({
        actorEmail: operator.email,
        result: 'ok',
        target: { class: '_File', objectId: other },
      }),
      expect.objectContaining({
        actorEmail: support.email,
        result: 'ok',
        target: { class: '_File', objectId: id },
      }),
    ]);
  });
});
