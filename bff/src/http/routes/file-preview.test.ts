import { ImportTarget } from '@switchboard/migrate';
import { startRecordingServer } from '@switchboard/outbound/testing';
import type { RecordingServer } from '@switchboard/outbound/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';
import { startLoggedBff } from './migrations-fixtures';

/*
 * Thumbnails of files on other hosts were blocked by the console's image policy (img-src 'self').
 * The bff now fetches a file record's url itself and answers the image from its own origin: only
 * for files of the app, only images it recognises by their bytes, through the guarded client.
 * A local server plays the other host (and, for the default console, the internal network).
 */

const PASSWORD = 'file preview password';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

let upstream: UpstreamServer;
let host: RecordingServer;
/** The console as shipped: public addresses only. */
let strict: TestBff & { log: () => string };
/** With CONSOLE_ALLOW_PRIVATE_SOURCES=1: the local host stands for a public one. */
let local: TestBff & { log: () => string };
const viewers = new Map<TestBff, ConsoleClient>();

beforeAll(async () => {
  upstream = await startUpstreamServer();
  host = await startRecordingServer((req, res) => {
    if (req.url === '/dot.png') res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG);
    else if (req.url === '/logo.svg') res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
    else if (req.url === '/page.png')
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html>hi</html>');
    else if (req.url === '/huge.png')
      res.writeHead(200, { 'content-length': String(11 * 1024 * 1024) }).end();
    else res.writeHead(404).end();
  });
  await new ImportTarget({ baseUrl: upstream.url, ...upstream.keys }).send('_File', {
    objects: ['dot.png', 'logo.svg', 'page.png', 'huge.png', 'gone.png'].map((name, n) => ({
      objectId: `file${n}`,
      name,
      url: `${host.url}/${name}`,
      mime_type: 'image/png',
    })),
  });
  strict = await startLoggedBff(upstream, { config: { allowPrivateSources: false } });
  local = await startLoggedBff(upstream, { config: { allowPrivateSources: true } });
  for (const bff of [strict, local]) {
    await createUser(bff.sql, { email: 'viewer@example.com', password: PASSWORD, role: 'viewer' });
    const c = new ConsoleClient(bff.url);
    await c.login('viewer@example.com', PASSWORD);
    viewers.set(bff, c);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([strict?.close(), local?.close()]);
  await host?.close();
  await upstream?.stop();
});

const path = (id: string) => `/api/apps/default/files/${id}/preview`;

/** The preview as the browser's <img> asks for it: with the session cookie, reading bytes. */
async function preview(bff: TestBff, id: string, signedIn = true) {
  const cookie = (viewers.get(bff) as unknown as { cookie: string }).cookie;
  const res = await fetch(`${bff.url}${path(id)}`, { headers: signedIn ? { cookie } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    body,
    json: () => JSON.parse(body.toString()) as Record<string, unknown>,
  };
}

describe('file previews', () => {
  it('answers an image from another host, from the console’s own origin, sandboxed', async () => {
    const r = await preview(local, 'file0');
    expect(r.status, r.body.toString()).toBe(200);
    expect(r.body.equals(PNG)).toBe(true);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('private, max-age=600');
  });

  it('answers images only, by their bytes: not an SVG, not a page called image/png, not too large', async () => {
    const before = host.requests.length;
    const svg = await preview(local, 'file1');
    expect(svg.status).toBe(415);
    expect(svg.json().message).toMatch(/not an image the console previews/);
    expect(svg.body.toString()).not.toContain('<script>');
    expect((await preview(local, 'file2')).status).toBe(415);
    const huge = await preview(local, 'file3');
    expect([huge.status, huge.json().message]).toEqual([400, expect.stringMatching(/too large to preview/)]);
    const gone = await preview(local, 'file4');
    expect([gone.status, gone.json().message]).toEqual([502, "The file's host answered HTTP 404."]);
    expect(host.requests.length - before).toBe(4);
  });

  it('fetches only what a file record of the app names, for signed-in users', async () => {
    const before = host.requests.length;
    const missing = await preview(local, 'nosuchfile');
    expect([missing.status, missing.json().code]).toEqual([404, 'not_found']);
    const bad = await preview(local, '..%2F1.1%2Fusers');
    expect([bad.status, bad.json().code]).toEqual([400, 'validation_failed']);
    expect((await preview(local, 'file0', false)).status).toBe(401);
    expect(host.requests.length).toBe(before);
  });

  it('by default, refuses a file record pointing inside, without connecting', async () => {
    const before = host.requests.length;
    const r = await preview(strict, 'file0');
    expect(r.status).toBe(400);
    expect(r.json().message).toMatch(
      /^The console does not fetch this file: 127\.0\.0\.1 is a loopback address, which the console does not connect to \(CONSOLE_ALLOW_PRIVATE_SOURCES=1 allows it/,
    );
    expect(host.requests.length).toBe(before);
  });

  it('answers files stored on the app’s own server, wherever that server is', async () => {
    const admin = 'admin@example.com';
    await createUser(strict.sql, { email: admin, password: PASSWORD, role: 'admin' });
    const writer = new ConsoleClient(strict.url);
    await writer.login(admin, PASSWORD);
    const cookie = (writer as unknown as { cookie: string }).cookie;
    const up = await fetch(`${strict.url}/api/apps/default/files/upload?name=stored.png`, {
      method: 'POST',
      headers: { cookie, 'x-switchboard-csrf': '1', 'content-type': 'image/png' },
      body: PNG,
    });
    const file = (await up.json()) as { id: string; url: string };
    expect(up.status, JSON.stringify(file)).toBe(200);
    expect(file.url.startsWith(`${upstream.url}/files/`)).toBe(true);
    const r = await preview(strict, file.id);
    expect(r.status, r.body.toString()).toBe(200);
    expect(r.body.equals(PNG)).toBe(true);
  });
});
