import { upstreamPrefix } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/*
 * The console reads our server's outbox to show the link a password reset or verification mail
 * carried. That link is a credential, so only roles that may send the mail (users.write) read it.
 */

const PASSWORD = 'outbox route password';
const api = `${upstreamPrefix('default')}/1.1`;
let upstream: UpstreamServer;
let bff: TestBff;

async function signedIn(email: string): Promise<ConsoleClient> {
  const c = new ConsoleClient(bff.url);
  await c.login(email, PASSWORD);
  return c;
}

beforeAll(async () => {
  upstream = await startUpstreamServer();
  const config = testConfig(upstream.url);
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  for (const role of ['developer', 'support', 'viewer'] as const)
    await createUser(bff.sql, { email: `${role}@example.com`, password: PASSWORD, role, appRoles: {} });
}, 60_000);

afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

describe('GET /1.1/switchboard/outbox through the console', () => {
  it('shows a developer the reset link mailed to a user', async () => {
    const dev = await signedIn('developer@example.com');
    const email = 'outbox-reader@example.com';
    const created = await dev.call('POST', `${api}/users`, {
      username: 'outbox-reader',
      password: 'first password',
      email,
    });
    expect([200, 201]).toContain(created.status);
    expect((await dev.call('POST', `${api}/requestPasswordReset`, { email })).status).toBe(200);

    const r = await dev.call(
      'GET',
      `${api}/switchboard/outbox?recipient=${encodeURIComponent(email)}&limit=5`,
    );
    expect(r.status).toBe(200);
    const results = r.json.results as { recipient: string; kind: string; link?: string }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((m) => m.recipient === email)).toBe(true);
    expect(results[0]!.link).toMatch(/^https?:\/\//);
    // Reading credentials is audited: who read whose mail.
    const rows = await bff.sql.query(
      'SELECT action, result, actor_email, summary FROM audit_log WHERE request_id = $1',
      [r.headers.get('x-request-id')],
    );
    expect(rows).toMatchObject([
      {
        action: 'outbox.read',
        result: 'ok',
        actor_email: 'developer@example.com',
        summary: { query: { recipient: email } },
      },
    ]);
  });

  it('refuses roles that may not send mail (support, viewer)', async () => {
    for (const role of ['support', 'viewer']) {
      const c = await signedIn(`${role}@example.com`);
      const r = await c.call('GET', `${api}/switchboard/outbox?recipient=a%40example.com`);
      expect(r.status).toBe(403);
      expect(r.json.code).toBe('forbidden');
    }
  });

  it('answers 400 to query parameters it does not know', async () => {
    const dev = await signedIn('developer@example.com');
    const unknown = await dev.call('GET', `${api}/switchboard/outbox?where=%7B%7D`);
    expect(unknown.status).toBe(400);
    const badChannel = await dev.call('GET', `${api}/switchboard/outbox?channel=fax`);
    expect(badChannel.status).toBe(400);
  });
});
