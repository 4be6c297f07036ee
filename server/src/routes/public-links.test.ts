import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailLink, signUp, uniqueName } from '../test/accounts';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { rawRequest } from '../test/raw-http';

/*
 * Links the server hands out (account mails, file url / upload_url, export download_url,
 * Location) come from PUBLIC_URL, or the address it listens on: never from the request's Host
 * or X-Forwarded-* headers, which whoever sends the request chooses. A reset link pointing at
 * an attacker's host gives them the token of whoever clicks it.
 */

const EVIL = 'evil.example';
const FORGED = {
  Host: EVIL,
  'X-Forwarded-Host': EVIL,
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-For': '203.0.113.9',
};

/** Every link of every kind, each obtained by a request carrying the forged headers. */
async function linksUnderForgedHeaders(t: TestServer) {
  const send = (method: string, path: string, body?: unknown, auth: 'app' | 'master' = 'app') =>
    rawRequest(t.url, method, path, { auth, headers: FORGED, body });
  const email = `${uniqueName('m')}@example.com`;
  await signUp(t, { email });
  expect((await send('POST', '/1.1/requestPasswordReset', { email })).status).toBe(200);
  expect((await send('POST', '/1.1/requestEmailVerify', { email })).status).toBe(200);

  const tok = await send('POST', '/1.1/fileTokens', { name: 'a.txt' });
  expect(tok.status, tok.text).toBe(200);
  const file = await send('GET', `/1.1/files/${String(tok.json.objectId)}`);
  const holder = await send('POST', '/1.1/classes/LinkHolder?fetchWhenSave=true', {
    f: { __type: 'File', id: tok.json.objectId },
  });
  const read = await send('GET', `/1.1/classes/LinkHolder/${String(holder.json.objectId)}`);

  const started = await send('POST', '/1.1/exportData', { 'only-schema': 'true' }, 'master');
  let task = started.json;
  for (let i = 0; i < 200 && task.status === 'running'; i++) {
    await new Promise((r) => setTimeout(r, 50));
    task = (await send('GET', `/1.1/exportData/${String(started.json.id)}`, undefined, 'master')).json;
  }
  expect(task.status).toBe('done');

  return {
    reset: await lastMailLink(t, email, 'reset_password'),
    verify: await lastMailLink(t, email, 'verify_email'),
    upload: String(tok.json.upload_url),
    fileUrl: String(tok.json.url),
    fileRead: String(file.json.url),
    fileInObject: String((read.json.f as { url?: string } | undefined)?.url),
    location: String(holder.headers.location),
    download: String(task.download_url),
  };
}

describe('links without PUBLIC_URL: the address the server listens on', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('ignores Host and X-Forwarded-* in every link it hands out', async () => {
    const links = await linksUnderForgedHeaders(t);
    for (const [what, link] of Object.entries(links)) {
      expect(link, what).not.toContain(EVIL);
      expect(link.startsWith(`${t.url}/`), `${what}: ${link}`).toBe(true);
    }
    // The links lead somewhere real.
    expect((await fetch(links.reset)).status).toBe(200);
    expect((await fetch(links.download)).headers.get('content-type')).toBe('application/zip');
  });
});

describe('links with PUBLIC_URL, behind a trusted proxy', () => {
  const PUBLIC = 'https://api.example.com/lc';
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ publicUrl: PUBLIC, trustProxy: 1 });
  });
  afterAll(() => t.close());

  it('builds every link on PUBLIC_URL, whatever the forwarded headers say', async () => {
    const links = await linksUnderForgedHeaders(t);
    for (const [what, link] of Object.entries(links)) {
      expect(link.startsWith(`${PUBLIC}/`), `${what}: ${link}`).toBe(true);
    }
    expect(links.reset).toMatch(/^https:\/\/api\.example\.com\/lc\/auth\/reset-password\/[^/]+$/);
  });
});
