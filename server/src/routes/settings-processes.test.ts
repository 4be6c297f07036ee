// App settings are read once a second per process (a hot path reads them on every message): a
// change is seen at once by the process that made it, by the others within a second, and changes
// of different settings made at once on two processes both hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../app';
import type { Server } from '../app';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
let other: Server;
let otherUrl: string;

const settingsAt = async (url: string) => {
  const res = await fetch(`${url}/1.1/switchboard/settings`, {
    headers: { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Key': `${TEST_KEYS.masterKey},master` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};
const put = async (body: Record<string, unknown>) => {
  const r = await t.request('PUT', '/1.1/switchboard/settings', { auth: 'master', body });
  expect(r.status, r.text).toBe(200);
  return r.json;
};

beforeAll(async () => {
  t = await startTestServer();
  other = await createServer({ sql: t.server.sql, keys: TEST_KEYS, logLevel: 'silent' });
  otherUrl = await other.http.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('app settings on two processes', () => {
  it('a change is seen at once where it was made and within a second elsewhere', async () => {
    // Both processes have read (and so hold) the defaults.
    expect((await settingsAt(otherUrl)).userQueryOpen).toBe(false);
    expect((await settingsAt(t.url)).userQueryOpen).toBe(false);
    expect((await put({ userQueryOpen: true })).userQueryOpen).toBe(true);
    expect((await settingsAt(t.url)).userQueryOpen).toBe(true);
    const started = Date.now();
    await expect.poll(async () => (await settingsAt(otherUrl)).userQueryOpen, { timeout: 3000 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    // And the setting acts there: a client query of _User is allowed on the other process.
    const res = await fetch(`${otherUrl}/1.1/classes/_User`, {
      headers: { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Key': TEST_KEYS.appKey },
    });
    expect(res.status).toBe(200);
  });

  it('changes of different settings made at once on two processes both hold', async () => {
    const change = (url: string, body: Record<string, unknown>) =>
      fetch(`${url}/1.1/switchboard/settings`, {
        method: 'PUT',
        headers: {
          'X-LC-Id': TEST_KEYS.appId,
          'X-LC-Key': `${TEST_KEYS.masterKey},master`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const answers = await Promise.all([
      change(t.url, { forceRelogin: true }),
      change(otherUrl, { emailVerify: true }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const here = await settingsAt(t.url);
    expect(here.forceRelogin).toBe(true);
    await expect.poll(async () => (await settingsAt(t.url)).emailVerify, { timeout: 3000 }).toBe(true);
    await expect.poll(async () => (await settingsAt(otherUrl)).forceRelogin, { timeout: 3000 }).toBe(true);
    expect((await settingsAt(t.url)).userQueryOpen).toBe(true);
  });

  it('a reset brings back the defaults at once', async () => {
    expect((await t.request('POST', '/1.1/__test/reset', { auth: 'master' })).status).toBe(200);
    const after = await settingsAt(t.url);
    expect([after.userQueryOpen, after.forceRelogin, after.emailVerify]).toEqual([false, false, false]);
  });
});
