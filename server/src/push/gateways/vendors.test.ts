import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { resolvePushConfig } from '../config';
import { OWN_CHANNEL_NOTE } from './recorder';
import { androidDevice, deliveries, install, push, record, settle } from '../test-helpers';
import { startMockVendors } from './mock-vendors';

// FCM HTTP v1, Huawei Push Kit and Xiaomi MiPush against local HTTP gateways: per-device results
// land in the record's counts, invalid ids delete their installations, busy, failing and silent
// answers are retried, refused access tokens are replaced, and each gateway gets the payload
// Doc 2's rules and override objects make for it.

const HMS_SECRET = 'hms-secret-value';
const MI_SECRET = 'mi-secret-value';
let gw: Awaited<ReturnType<typeof startMockVendors>>;
let t: TestServer;

beforeAll(async () => {
  gw = await startMockVendors({ hmsAppSecret: HMS_SECRET, miAppSecret: MI_SECRET });
  const net = { timeoutMs: 400, retryBaseMs: 20 };
  const pushConfig = resolvePushConfig(
    {
      fcm: {
        _default: {
          gateway: 'fcm',
          options: { ...net, baseUrl: gw.url, authUrl: `${gw.url}/google/token` },
          secretEnv: { serviceAccount: 'TEST_FCM_SERVICE_ACCOUNT' },
        },
      },
      hms: {
        _default: {
          gateway: 'hms',
          options: { ...net, appId: 'hms-app', baseUrl: gw.url, authUrl: `${gw.url}/huawei/token` },
          secretEnv: { appSecret: 'TEST_HMS_SECRET' },
        },
      },
      mi: {
        _default: {
          gateway: 'xiaomi',
          options: { ...net, packageName: 'com.example.app', baseUrl: gw.url },
          secretEnv: { appSecret: 'TEST_MI_SECRET' },
        },
      },
      oppo: { _default: { gateway: 'oppo' } },
      // The own channel's real delivery (the realtime connection) is tested in realtime/.
      lc: { _default: { gateway: 'recorder' } },
    },
    { TEST_FCM_SERVICE_ACCOUNT: gw.serviceAccount, TEST_HMS_SECRET: HMS_SECRET, TEST_MI_SECRET: MI_SECRET },
  );
  t = await startTestServer({ pushConfig });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await gw?.close();
});

const seenBy = (gateway: string, device: string) =>
  gw.seen.filter((s) => s.gateway === gateway && s.devices.includes(device));
const exists = async (id: string) =>
  Object.keys((await t.request('GET', `/1.1/installations/${id}`)).json).length > 0;

describe('FCM, HMS and Xiaomi adapters', () => {
  it('count per-device results, delete invalid ids, retry busy and failing answers, and send each its payload', async () => {
    const ids: Record<string, string> = {};
    const devices: [string, string | undefined][] = [
      ['ok-f', 'fcm'],
      ['gone-f', 'fcm'],
      ['busy-f', 'fcm'],
      ['down-f', 'fcm'],
      ['slow-f', 'fcm'],
      ['ok-h', 'HMS'],
      ['gone-h', 'HMS'],
      ['busy-h', 'HMS'],
      ['ok-m', 'mi'],
      ['gone-m', 'mi'],
      ['down-m', 'mi'],
      ['busy-m', 'mi'],
      ['ok-o', 'oppo'],
      ['own', undefined],
    ];
    for (const [reg, vendor] of devices)
      ids[reg] = await install(
        t,
        androidDevice({ channels: ['v'], ...(vendor ? { vendor, registrationId: reg } : {}) }),
      );
    const id = await push(t, {
      channels: ['v'],
      expiration_interval: 600,
      data: {
        alert: 'hi',
        title: 'T',
        extra: 'x',
        android: { title: 'A' },
        fcm: { title: 'F' },
        hms: { title: 'H' },
        mi: { title: 'M' },
        ios: { alert: 'not for Android' },
      },
    });
    await settle(t);
    const rec = await record(t, id);
    expect(rec).toMatchObject({
      status: 'done',
      devices: 14,
      successes: 10,
      fcmSuccesses: 4,
      hmsSuccesses: 2,
      miSuccesses: 3,
      lcSuccesses: 1,
      invalidTokens: 3,
    });
    expect(rec.errors).toEqual([
      'delivery to vendor oppo is not available yet (profile _default): its devices were not sent; route them to the recorder or another channel',
    ]);
    for (const dead of ['gone-f', 'gone-h', 'gone-m']) expect(await exists(ids[dead] as string)).toBe(false);
    expect(await exists(ids['ok-f'] as string)).toBe(true);

    // Retried until they succeeded: busy (FCM 429, HMS 503, Xiaomi 10027), down (5xx), slow (no
    // answer in time).
    expect(seenBy('fcm', 'busy-f')).toHaveLength(2);
    expect(seenBy('fcm', 'down-f')).toHaveLength(2);
    expect(seenBy('fcm', 'slow-f')).toHaveLength(2);
    expect(seenBy('hms', 'busy-h')).toHaveLength(2);
    expect(seenBy('mi', 'down-m')).toHaveLength(2);
    expect(seenBy('mi', 'busy-m')).toHaveLength(2);
    // One access token served every FCM and HMS request.
    expect(gw.tokenRequests).toEqual({ fcm: 1, hms: 1 });

    const fcm = seenBy('fcm', 'ok-f')[0];
    expect(fcm?.headers.authorization).toBe('Bearer fcm-access-1');
    expect(fcm?.body).toEqual({
      message: {
        token: 'ok-f',
        data: { extra: 'x' },
        android: {
          priority: 'high',
          ttl: expect.stringMatching(/^\d+s$/),
          notification: { title: 'F', body: 'hi' },
        },
      },
    });
    const hms = seenBy('hms', 'ok-h')[0];
    expect(hms?.devices.sort()).toEqual(['busy-h', 'gone-h', 'ok-h']);
    expect(hms?.body).toEqual({
      validate_only: false,
      message: {
        token: expect.any(Array),
        data: '{"extra":"x"}',
        android: {
          ttl: expect.stringMatching(/^\d+s$/),
          notification: { title: 'H', body: 'hi', click_action: { type: 3 } },
        },
      },
    });
    const mi = seenBy('mi', 'ok-m')[0];
    expect(mi?.body).toMatchObject({
      restricted_package_name: 'com.example.app',
      title: 'M',
      description: 'hi',
      pass_through: '0',
      payload: '{"extra":"x"}',
      time_to_live: expect.stringMatching(/^\d+$/),
    });
    // The own channel, routed to the recorder here: recorded, with the record saying so.
    const own = await deliveries(t, { push: id });
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ installation: ids.own, channel: 'lc', note: OWN_CHANNEL_NOTE });
    expect(own[0]?.payload).toMatchObject({ alert: 'hi', title: 'A', extra: 'x' });
  }, 30_000);

  it('drops later pushes to an invalid registration id until a device registers it again', async () => {
    const before = seenBy('fcm', 'gone-f').length;
    const devices = {
      device_type: 'android',
      vendor: 'fcm',
      device_ids: ['gone-f', 'ok-f'],
      data: { alert: 'y' },
    };
    const id = await push(t, devices, '/1.1/push/devices');
    await settle(t);
    expect(await record(t, id)).toMatchObject({ status: 'done', devices: 2, successes: 1 });
    expect(seenBy('fcm', 'gone-f')).toHaveLength(before);
    await install(t, androidDevice({ channels: ['v2'], vendor: 'fcm', registrationId: 'gone-f' }));
    const again = await push(t, devices, '/1.1/push/devices');
    await settle(t);
    expect(await record(t, again)).toMatchObject({ invalidTokens: 1 });
    expect(seenBy('fcm', 'gone-f')).toHaveLength(before + 1);
  });

  it('replaces refused access tokens and sends pass-through messages as data', async () => {
    gw.revokeTokens();
    const body = { alert: 'quiet', silent: true, k: 1 };
    const f = await push(
      t,
      { device_type: 'android', vendor: 'fcm', device_ids: ['ok-f2'], data: body },
      '/1.1/push/devices',
    );
    const h = await push(
      t,
      { device_type: 'android', vendor: 'HMS', device_ids: ['ok-h2'], data: body },
      '/1.1/push/devices',
    );
    const m = await push(
      t,
      { device_type: 'android', vendor: 'mi', device_ids: ['ok-m2'], data: body },
      '/1.1/push/devices',
    );
    await settle(t);
    for (const id of [f, h, m]) expect(await record(t, id)).toMatchObject({ status: 'done', successes: 1 });
    expect(gw.tokenRequests).toEqual({ fcm: 2, hms: 2 });
    expect(seenBy('fcm', 'ok-f2').at(-1)?.body).toEqual({
      message: { token: 'ok-f2', data: { k: '1', alert: 'quiet' }, android: { priority: 'high' } },
    });
    const hms = seenBy('hms', 'ok-h2').at(-1)?.body as { message: Record<string, unknown> };
    expect(hms.message).toEqual({ token: ['ok-h2'], android: {}, data: '{"alert":"quiet","k":1}' });
    expect(seenBy('mi', 'ok-m2')[0]?.body).toMatchObject({
      pass_through: '1',
      payload: '{"alert":"quiet","k":1}',
    });
  });
});
