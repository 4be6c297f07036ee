import { upstreamPrefix } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { masterCall, startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/*
 * Operators may send pushes but not read device tokens. A test push to an iOS device needs its
 * token, so the bff reads it with the master key and sends through /1.1/push/devices itself.
 */

const PASSWORD = 'push route password';
const app = upstreamPrefix('default');
const TOKEN = 'a1b2'.repeat(16);
let upstream: UpstreamServer;
let bff: TestBff;
let ios = '';
let android = '';

async function signedIn(role: string): Promise<ConsoleClient> {
  const c = new ConsoleClient(bff.url);
  await c.login(`${role}@example.com`, PASSWORD);
  return c;
}

async function deliveriesOf(push: string) {
  for (;;) {
    const r = await masterCall(upstream, 'GET', `/1.1/switchboard/push/deliveries?push=${push}`);
    const results = r.results as { deviceToken: string; channel: string; payload: unknown }[];
    if (results.length > 0) return results;
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function auditOf(requestId: string | null) {
  return bff.sql.query<{ action: string; result: string; target: unknown; summary: unknown }>(
    'SELECT action, result, target, summary FROM audit_log WHERE request_id = $1',
    [requestId],
  );
}

beforeAll(async () => {
  upstream = await startUpstreamServer();
  const config = testConfig(upstream.url);
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  for (const role of ['operator', 'viewer'] as const)
    await createUser(bff.sql, { email: `${role}@example.com`, password: PASSWORD, role, appRoles: {} });
  ios = String(
    (
      await masterCall(upstream, 'POST', '/1.1/installations', {
        deviceType: 'ios',
        deviceToken: TOKEN,
        channels: ['t'],
      })
    ).objectId,
  );
  android = String(
    (
      await masterCall(upstream, 'POST', '/1.1/installations', {
        deviceType: 'android',
        installationId: 'test-send-android',
        vendor: 'mi',
        registrationId: 'test-send-mi-regid',
      })
    ).objectId,
  );
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

describe('POST /api/apps/:app/push/test-send', () => {
  it('reaches an iOS device whose token the operator cannot see, and audits it without the token', async () => {
    const op = await signedIn('operator');
    const seen = await op.call('GET', `${app}/1.1/installations/${ios}`);
    expect(seen.json.deviceToken).toBe('[redacted]');

    const r = await op.call('POST', `${app}/push/test-send`, { installation: ios, data: { alert: 'hi' } });
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(TOKEN);
    const push = String(r.json.objectId);
    const delivered = await deliveriesOf(push);
    expect(delivered).toMatchObject([{ deviceToken: TOKEN, channel: 'ios' }]);
    // Through the console, the recorder's answer keeps the token from roles without secrets.read.
    const viaConsole = await op.call('GET', `${app}/1.1/switchboard/push/deliveries?push=${push}`);
    expect(viaConsole.status).toBe(200);
    expect(viaConsole.json.results).toMatchObject([{ deviceToken: '[redacted]', channel: 'ios' }]);
    expect(viaConsole.text).not.toContain(TOKEN);

    const entries = await auditOf(r.headers.get('x-request-id'));
    expect(entries).toMatchObject([
      {
        action: 'push.send_test',
        result: 'ok',
        target: { class: '_Installation', objectId: ios, pushId: push },
        summary: { installation: ios, body: { device_type: 'ios', data: { alert: 'hi' } } },
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
  });

  it("reaches an Android device through its vendor's registrationId", async () => {
    const op = await signedIn('operator');
    const r = await op.call('POST', `${app}/push/test-send`, {
      installation: android,
      data: { alert: 'hi' },
    });
    expect(r.status).toBe(200);
    expect(await deliveriesOf(String(r.json.objectId))).toMatchObject([
      { deviceToken: 'test-send-mi-regid', channel: 'mi' },
    ]);
  });

  it('says which installation is missing, and refuses bad input with the reason', async () => {
    const op = await signedIn('operator');
    const missing = await op.call('POST', `${app}/push/test-send`, {
      installation: 'nosuchinstallation',
      data: { alert: 'x' },
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toMatch(/no installation nosuchinstallation/);

    const badId = await op.call('POST', `${app}/push/test-send`, { installation: '../users', data: {} });
    expect(badId.status).toBe(400);
    const badData = await op.call('POST', `${app}/push/test-send`, {
      installation: ios,
      data: { badge: 'many' },
    });
    expect(badData.status).toBe(400);
    expect(badData.json).toMatchObject({
      message: 'badge must be a number or "Increment"',
      details: [{ path: 'data.badge' }],
    });
  });

  it('refuses roles that may not push (viewer), and audits the refusal', async () => {
    const viewer = await signedIn('viewer');
    const r = await viewer.call('POST', `${app}/push/test-send`, { installation: ios, data: { alert: 'x' } });
    expect(r.status).toBe(403);
    expect(await auditOf(r.headers.get('x-request-id'))).toMatchObject([{ result: 'denied' }]);
  });
});
