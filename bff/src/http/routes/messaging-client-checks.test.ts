import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { masterCall, startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/**
 * The client page's devices and signature check through the console: devices are installations
 * whose channels hold the client, tokens redacted for roles without secrets.read; the signature
 * check (a session token in, a login signature out) is for secrets.read only, audited, and shows
 * the app's _rtmClientSign hook's verdict.
 */
let upstream: UpstreamServer;
let bff: TestBff;
let hook: Server;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const dev = { email: 'dev@example.com', password: 'developer password' };
const support = { email: 'support@example.com', password: 'support password 1' };
const operator = { email: 'operator@example.com', password: 'operator password' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };
const api = '/api/apps/default';
const TOKEN = 'apnsTOKENsecret0123456789';
const users: Record<'allowed' | 'banned', { id: string; token: string }> = {
  allowed: { id: '', token: '' },
  banned: { id: '', token: '' },
};

beforeAll(async () => {
  // The app's _rtmClientSign hook: refuses users whose name starts with "banned".
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { username } = JSON.parse(body) as { username: string };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          username.startsWith('banned') ? { result: false, error: 'Banned from chat.' } : { result: true },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  process.env.LC_RTM_SIGN_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;
  process.env.LC_HOOKS_ALLOW_PRIVATE = '1';
  upstream = await startUpstreamServer();
  delete process.env.LC_RTM_SIGN_HOOK_URL;
  delete process.env.LC_HOOKS_ALLOW_PRIVATE;
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...dev, role: 'developer' });
  await createUser(bff.sql, { ...support, role: 'support' });
  await createUser(bff.sql, { ...operator, role: 'operator' });
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
  await masterCall(upstream, 'POST', '/1.1/installations', {
    deviceType: 'ios',
    deviceToken: TOKEN,
    channels: ['alice', 'news'],
  });
  await masterCall(upstream, 'POST', '/1.1/installations', {
    deviceType: 'android',
    installationId: 'someone-elses-phone',
    channels: ['bob'],
  });
  for (const name of ['allowed', 'banned'] as const) {
    const made = await masterCall(upstream, 'POST', '/1.1/users', {
      username: `${name}-${Date.now()}`,
      password: 'pw-123456',
    });
    users[name] = { id: String(made.objectId), token: String(made.sessionToken) };
  }
}, 240_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
  await new Promise((resolve) => hook?.close(resolve));
});

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(user.email, user.password);
  return c;
}

const devicesOf = (client: string) =>
  `${api}/1.1/installations?where=${encodeURIComponent(JSON.stringify({ channels: client }))}`;
const sign = (token: string) => `${api}/1.2/rtm/clients/sign?session_token=${encodeURIComponent(token)}`;

describe('the client page’s devices', () => {
  it('are the installations whose channels hold the client; tokens only for secrets.read', async () => {
    const shown = await (await as(dev)).call('GET', devicesOf('alice'));
    expect(shown.status).toBe(200);
    expect(shown.json.results).toEqual([expect.objectContaining({ deviceType: 'ios', deviceToken: TOKEN })]);
    for (const who of [viewer, operator]) {
      const r = await (await as(who)).call('GET', devicesOf('alice'));
      expect(r.status).toBe(200);
      expect(r.json.results).toEqual([expect.objectContaining({ deviceToken: '[redacted]' })]);
      expect(r.text).not.toContain(TOKEN);
    }
  });

  it('are not shown to support, who may not read installations', async () => {
    const r = await (await as(support)).call('GET', devicesOf('alice'));
    expect([r.status, r.json.code]).toEqual([403, 'forbidden']);
  });
});

describe('the signature check', () => {
  it('answers a login signature for an allowed session to secrets.read, audited without the token', async () => {
    const r = await (await as(dev)).call('GET', sign(users.allowed.token));
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({
      client_id: users.allowed.id,
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const audit = await (await as(admin)).call('GET', '/api/audit?action=im.sign_check&limit=1');
    expect(audit.json.results).toEqual([
      expect.objectContaining({
        actorEmail: dev.email,
        result: 'ok',
        // The client the signature logs in as, named by the answer: the token names no one.
        target: { client: users.allowed.id },
        summary: expect.objectContaining({ query: { session_token: '[redacted]' } }),
      }),
    ]);
    expect(audit.text).not.toContain(users.allowed.token);
  });

  it('shows the hook’s refusal with its words', async () => {
    const r = await (await as(admin)).call('GET', sign(users.banned.token));
    expect(r.status).toBe(403);
    expect(r.text).toContain('Banned from chat.');
  });

  it('refuses roles without secrets.read before the upstream, and a missing token', async () => {
    for (const who of [viewer, operator, support]) {
      const r = await (await as(who)).call('GET', sign(users.allowed.token));
      expect([r.status, r.json.code]).toEqual([403, 'forbidden']);
    }
    const none = await (await as(dev)).call('GET', `${api}/1.2/rtm/clients/sign`);
    expect(none.status).toBe(400);
  });
});
