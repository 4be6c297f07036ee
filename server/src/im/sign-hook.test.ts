import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer } from '@switchboard/outbound/testing';
import type { RecordingServer } from '@switchboard/outbound/testing';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { loginSignature } from './client-routes';

// Doc 3 Clients: the login signature calls the `_rtmClientSign` hook with the user's fields after
// the session is verified, and honours {result: false, error}. A local server stands for the app's
// hook endpoint (a LeanEngine function); it records what it got and answers what the test says.

let t: TestServer;
let hook: RecordingServer;
let answer: { status: number; body: string } = { status: 200, body: '{"result":true}' };
const bodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  hook = await startRecordingServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      bodies.push(JSON.parse(raw) as Record<string, unknown>);
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(answer.body);
    });
  });
  t = await startTestServer({
    rtmSignHook: {
      url: `${hook.url}/1.1/functions/_rtmClientSign`,
      hookKey: 'hook-key-1',
      allowPrivate: true,
    },
  });
});
afterAll(async () => {
  await t.close();
  await hook.close();
});
afterEach(() => {
  answer = { status: 200, body: '{"result":true}' };
  bodies.length = 0;
  hook.requests.length = 0;
});

let seq = 0;
async function user(): Promise<{ id: string; token: string; username: string }> {
  const username = `hook-user-${++seq}-${Date.now()}`;
  const r = await t.request('POST', '/1.1/users', {
    body: { username, password: 'pw-123456', email: `${username}@example.com` },
  });
  expect(r.status, r.text).toBe(201);
  return { id: String(r.json.objectId), token: String(r.json.sessionToken), username };
}

const signGet = (token: string) =>
  t.request('GET', '/1.2/rtm/clients/sign', { auth: 'app', query: { session_token: token } });

describe('_rtmClientSign', () => {
  it("gets the user's fields with the hook key, and {result: true} lets the signature through", async () => {
    const u = await user();
    const r = await signGet(u.token);
    expect(r.status, r.text).toBe(200);
    expect(r.json.client_id).toBe(u.id);
    const { nonce, timestamp, signature } = r.json as { nonce: string; timestamp: number; signature: string };
    expect(signature).toBe(loginSignature(TEST_KEYS.masterKey, TEST_KEYS.appId, u.id, timestamp, nonce));
    expect(hook.requests.map((q) => q.url)).toEqual(['/1.1/functions/_rtmClientSign']);
    expect(hook.requests[0]?.headers['x-lc-hook-key']).toBe('hook-key-1');
    expect(hook.requests[0]?.headers['x-lc-id']).toBe(TEST_KEYS.appId);
    expect(bodies[0]).toMatchObject({
      objectId: u.id,
      username: u.username,
      email: `${u.username}@example.com`,
      sessionToken: u.token,
      emailVerified: false,
      mobilePhoneVerified: false,
    });
    expect(Date.parse(String(bodies[0]?.createdAt))).not.toBeNaN();
  });

  it('{result: false, error} refuses with the hook’s words, bare or wrapped as LeanEngine answers', async () => {
    const u = await user();
    answer = { status: 200, body: '{"result":false,"error":"blacklisted"}' };
    const bare = await signGet(u.token);
    expect(bare.status).toBe(403);
    expect(bare.json.error).toBe('blacklisted');
    answer = { status: 200, body: '{"result":{"result":false,"error":"not today"}}' };
    const wrapped = await t.request('POST', '/1.1/rtm/sign', {
      auth: 'app',
      body: { session_token: u.token },
    });
    expect(wrapped.status).toBe(403);
    expect(wrapped.json.error).toBe('not today');
  });

  it('a hook that fails or answers nonsense refuses with a 502 that says why', async () => {
    const u = await user();
    answer = { status: 500, body: 'boom' };
    const failed = await signGet(u.token);
    expect(failed.status).toBe(502);
    expect(failed.json.error).toMatch(/_rtmClientSign.*HTTP 500/);
    answer = { status: 200, body: '{"ok":1}' };
    expect((await signGet(u.token)).status).toBe(502);
  });

  it('an unknown session never reaches the hook', async () => {
    const r = await signGet('no-such-token');
    expect(r.status).toBe(400);
    expect(hook.requests).toEqual([]);
  });
});

describe('_rtmClientSign on an address the policy refuses', () => {
  it('is a 502 naming the refusal, without connecting', async () => {
    const strict = await startTestServer({
      rtmSignHook: { url: `${hook.url}/1.1/functions/_rtmClientSign`, allowPrivate: false },
    });
    try {
      const r = await strict.request('POST', '/1.1/users', {
        body: { username: `s-${Date.now()}`, password: 'pw-123456' },
      });
      const res = await strict.request('GET', '/1.2/rtm/clients/sign', {
        auth: 'app',
        query: { session_token: String(r.json.sessionToken) },
      });
      expect(res.status).toBe(502);
      expect(res.json.error).toMatch(/loopback/);
      expect(hook.requests).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
