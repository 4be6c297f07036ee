import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { resolvePushConfig } from '../config';
import { install, iosDevice, push, record, settle } from '../test-helpers';
import { startMockApns } from './mock-apns';

// APNs against a local HTTP/2 gateway with a certificate made for this run: per-device answers land
// in the record, dead tokens delete their installations, busy and failing answers are retried, an
// expired provider token is replaced, and the request carries Doc 2's headers and payload.

const TEAM = 'TEAM123456';
const KEY_ID = 'KEY1234567';
let apns: Awaited<ReturnType<typeof startMockApns>>;
let t: TestServer;

beforeAll(async () => {
  apns = await startMockApns(TEAM, KEY_ID);
  const env = { TEST_APNS_P8: apns.p8, TEST_APNS_CA: apns.ca };
  const pushConfig = resolvePushConfig(
    {
      ios: {
        _default: {
          gateway: 'apns',
          options: {
            teamId: TEAM,
            keyId: KEY_ID,
            topic: 'com.example.app',
            host: apns.prodUrl,
            sandboxHost: apns.devUrl,
            timeoutMs: 400,
            retryBaseMs: 20,
          },
          secretEnv: { key: 'TEST_APNS_P8', ca: 'TEST_APNS_CA' },
        },
        broken: { gateway: 'apns', options: { teamId: TEAM, host: apns.prodUrl } },
      },
    },
    env,
  );
  t = await startTestServer({ pushConfig });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await apns?.close();
});

const requestsTo = (device: string) => apns.seen.filter((s) => s.device === device);
const exists = async (id: string) =>
  Object.keys((await t.request('GET', `/1.1/installations/${id}`)).json).length > 0;

describe('APNs adapter', () => {
  it('sends each device over one kept-open session, counts per-device results and deletes dead tokens', async () => {
    const ids: Record<string, string> = {};
    for (const token of ['ok-1', 'dead-1', 'bad-1', 'busy-1', 'down-1', 'slow-1'])
      ids[token] = await install(t, iosDevice({ channels: ['a'], deviceToken: token, badge: 2 }));
    const id = await push(t, {
      channels: ['a'],
      prod: 'prod',
      expiration_interval: 3600,
      data: {
        alert: 'hello',
        badge: 'Increment',
        'collapse-id': 'c1',
        'apns-priority': 5,
        extra: 'x',
        ios: { sound: 'ding.caf' },
        android: { alert: 'not for iOS' },
      },
    });
    await settle(t);
    expect(await record(t, id)).toMatchObject({
      status: 'done',
      devices: 6,
      successes: 4,
      iosSuccesses: 4,
      invalidTokens: 2,
    });
    expect(await exists(ids['dead-1'] as string)).toBe(false);
    expect(await exists(ids['bad-1'] as string)).toBe(false);
    expect(await exists(ids['ok-1'] as string)).toBe(true);

    // 429 honoured its retry-after (1 s); 503 and a silent gateway were retried and then succeeded.
    const busy = requestsTo('busy-1');
    expect(busy).toHaveLength(2);
    expect((busy[1]?.at ?? 0) - (busy[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(requestsTo('down-1')).toHaveLength(2);
    expect(requestsTo('slow-1')).toHaveLength(2);
    expect(requestsTo('dead-1')).toHaveLength(1);

    // One connection to the production host, none to the sandbox.
    expect(apns.sessions).toEqual({ prod: 1, dev: 0 });
    const sent = requestsTo('ok-1')[0];
    expect(sent?.host).toBe('prod');
    expect(sent?.headers).toMatchObject({
      'apns-topic': 'com.example.app',
      'apns-push-type': 'alert',
      'apns-priority': '5',
      'apns-collapse-id': 'c1',
    });
    const expiration = Number(sent?.headers['apns-expiration']);
    expect(Math.abs(expiration - (Date.now() / 1000 + 3600))).toBeLessThan(120);
    expect(sent?.body).toEqual({ extra: 'x', aps: { alert: 'hello', badge: 3, sound: 'ding.caf' } });
  }, 30_000);

  it('drops later pushes to a dead token, uses the sandbox for dev pushes and the push topic', async () => {
    const before = requestsTo('dead-1').length;
    const id = await push(
      t,
      {
        device_type: 'ios',
        device_ids: ['dead-1', 'ok-2'],
        prod: 'dev',
        topic: 'com.example.other',
        data: { alert: 'again' },
      },
      '/1.1/push/devices',
    );
    await settle(t);
    expect(await record(t, id)).toMatchObject({ status: 'done', devices: 2, successes: 1 });
    expect(requestsTo('dead-1')).toHaveLength(before);
    expect(requestsTo('ok-2')[0]).toMatchObject({
      host: 'dev',
      headers: { 'apns-topic': 'com.example.other' },
    });
    expect(apns.sessions.dev).toBe(1);
  });

  it('replaces a provider token APNs calls expired and sends again', async () => {
    apns.expireTokens();
    const id = await push(
      t,
      { device_type: 'ios', device_ids: ['ok-3'], prod: 'prod', data: { alert: 'fresh' } },
      '/1.1/push/devices',
    );
    await settle(t);
    expect(await record(t, id)).toMatchObject({ status: 'done', successes: 1 });
    const [refused, accepted] = requestsTo('ok-3');
    expect(refused?.jwt).toBeTruthy();
    expect(accepted?.jwt).toBeTruthy();
    expect(accepted?.jwt).not.toBe(refused?.jwt);
    expect(apns.sessions.prod).toBe(1);
  });

  it('names what an incomplete profile lacks in the record, never its secrets', async () => {
    const id = await push(
      t,
      { device_type: 'ios', device_ids: ['ok-4'], device_profile: 'broken', data: { alert: 'x' } },
      '/1.1/push/devices',
    );
    await settle(t);
    const rec = await record(t, id);
    expect(rec).toMatchObject({ status: 'error', successes: 0 });
    expect(rec.errors).toEqual([
      'the APNs profile ios.broken is incomplete: options.keyId is not set; secretEnv.key does not name an environment variable',
    ]);
    expect(JSON.stringify(rec)).not.toContain('PRIVATE KEY');
  });
});
