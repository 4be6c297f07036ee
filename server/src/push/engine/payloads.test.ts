import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { OWN_CHANNEL_NOTE } from '../gateways/recorder';
import {
  androidDevice,
  deliveries,
  install,
  iosDevice,
  push,
  record,
  reset,
  setSettings,
  settle,
} from '../test-helpers';
import type { Delivery } from '../test-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(() => reset(t));

async function sent(body: Record<string, unknown>, headers?: Record<string, string>) {
  const r = await t.request('POST', '/1.1/push', { auth: 'master', body, headers });
  expect(r.status, r.text).toBe(200);
  const id = String(r.json.objectId);
  await settle(t);
  const byInstallation = new Map<string, Delivery>();
  for (const d of await deliveries(t, { push: id })) byInstallation.set(d.installation ?? d.deviceToken, d);
  return { id, rec: await record(t, id), byInstallation };
}

describe('payloads as each gateway would get them', () => {
  it('iOS: aps members, title joining a string alert, headers, custom members, badge Increment', async () => {
    const ios = await install(t, iosDevice({ channels: ['i'], badge: 4, apnsTopic: 'com.installed' }));
    const data = {
      alert: 'hi',
      title: 'T',
      badge: 'Increment',
      sound: 'ding.aiff',
      'content-available': 1,
      'collapse-id': 'c1',
      'apns-priority': 5,
      'url-args': ['a'],
      custom: { k: 1 },
      silent: true,
    };
    const { byInstallation } = await sent({
      channels: ['i'],
      data,
      expiration_time: '2099-01-01T00:00:00.000Z',
      apns_team_id: 'TEAM',
    });
    expect(byInstallation.get(ios)?.payload).toEqual({
      headers: {
        'apns-push-type': 'alert',
        'apns-priority': '5',
        'apns-collapse-id': 'c1',
        'apns-topic': 'com.installed',
        'apns-expiration': String(Date.parse('2099-01-01T00:00:00.000Z') / 1000),
      },
      body: {
        custom: { k: 1 },
        aps: {
          alert: { title: 'T', body: 'hi' },
          badge: 5,
          sound: 'ding.aiff',
          'content-available': 1,
          'url-args': ['a'],
        },
      },
      environment: 'production',
      teamId: 'TEAM',
    });
    expect((await t.request('GET', `/1.1/installations/${ios}`)).json.badge).toBe(5);
  });

  it('devices of one chunk each get their own badge, topic and team; alike devices the same payload', async () => {
    const a = await install(t, iosDevice({ channels: ['mix'], badge: 1, apnsTopic: 'com.a' }));
    const b = await install(t, iosDevice({ channels: ['mix'], badge: 7, apnsTopic: 'com.a' }));
    const c = await install(
      t,
      iosDevice({ channels: ['mix'], badge: 1, apnsTopic: 'com.c', apnsTeamId: 'T2' }),
    );
    const d = await install(t, iosDevice({ channels: ['mix'], badge: 1, apnsTopic: 'com.a' }));
    const e = await install(t, androidDevice({ channels: ['mix'] }));
    const f = await install(t, androidDevice({ channels: ['mix'] }));
    const { byInstallation } = await sent({ channels: ['mix'], data: { alert: 'hi', badge: 'Increment' } });
    const ios = (id: string) => {
      const p = byInstallation.get(id)?.payload as {
        headers: Record<string, string>;
        body: { aps: { badge: number } };
        teamId?: string;
      };
      return [p.body.aps.badge, p.headers['apns-topic'], p.teamId];
    };
    expect([a, b, c, d].map(ios)).toEqual([
      [2, 'com.a', undefined],
      [8, 'com.a', undefined],
      [2, 'com.c', 'T2'],
      [2, 'com.a', undefined],
    ]);
    expect(byInstallation.get(a)?.payload).toEqual(byInstallation.get(d)?.payload);
    expect(byInstallation.get(e)?.payload).toEqual(byInstallation.get(f)?.payload);
    expect(byInstallation.get(e)?.payload).toBeTruthy();
  });

  it('iOS: the gateway-native aps form, every push type, topic and prod from the request', async () => {
    const ios = await install(t, iosDevice({ channels: ['n'], apnsTopic: 'com.installed' }));
    const data = {
      aps: { alert: { body: 'b' }, 'mutable-content': 1 },
      'apns-push-type': 'voip',
      extra: 'e',
    };
    const { byInstallation } = await sent(
      { channels: ['n'], data, topic: 'com.request' },
      { 'X-LC-Prod': '0' },
    );
    expect(byInstallation.get(ios)?.payload).toEqual({
      headers: { 'apns-push-type': 'voip', 'apns-topic': 'com.request' },
      body: { extra: 'e', aps: { alert: { body: 'b' }, 'mutable-content': 1 } },
      environment: 'development',
    });
  });

  it('per-platform overrides: each channel gets the defaults with its own object on top', async () => {
    const ids = {
      ios: await install(t, iosDevice({ channels: ['o'] })),
      lc: await install(t, androidDevice({ channels: ['o'] })),
      mi: await install(t, androidDevice({ channels: ['o'], vendor: 'mi', registrationId: 'r-mi' })),
      vivo: await install(t, androidDevice({ channels: ['o'], vendor: 'vivo', registrationId: 'r-vivo' })),
      fcm: await install(t, androidDevice({ channels: ['o'], vendor: 'fcm', registrationId: 'r-fcm' })),
    };
    const data = {
      alert: 'default',
      title: 'T',
      x: 1,
      ios: { alert: 'for ios' },
      android: { title: 'A', action: 'com.example.OPEN' },
      mi: { title: 'M' },
      vivo: { alert: 'V', pushMode: 1 },
      fcm: { title: 'F' },
    };
    const { rec, byInstallation } = await sent({ channels: ['o'], data, _notificationChannel: 'news' });
    expect(rec).toMatchObject({
      devices: 5,
      successes: 5,
      iosSuccesses: 1,
      lcSuccesses: 1,
      miSuccesses: 1,
      vivoSuccesses: 1,
      fcmSuccesses: 1,
    });
    expect(byInstallation.get(ids.ios)?.payload).toMatchObject({
      body: { x: 1, aps: { alert: { title: 'T', body: 'for ios' } } },
    });
    expect(byInstallation.get(ids.lc)).toMatchObject({
      channel: 'lc',
      deviceToken: expect.any(String),
      note: OWN_CHANNEL_NOTE,
      payload: {
        alert: 'default',
        title: 'A',
        action: 'com.example.OPEN',
        x: 1,
        _notificationChannel: 'news',
      },
    });
    expect(byInstallation.get(ids.mi)).toMatchObject({
      channel: 'mi',
      deviceToken: 'r-mi',
      payload: {
        title: 'M',
        body: 'default',
        passThrough: false,
        custom: { x: 1 },
        notificationChannel: 'news',
      },
    });
    expect(byInstallation.get(ids.vivo)?.payload).toMatchObject({ body: 'V', custom: { x: 1, pushMode: 1 } });
    expect(byInstallation.get(ids.fcm)).toMatchObject({
      channel: 'fcm',
      deviceToken: 'r-fcm',
      payload: {
        message: {
          data: { x: '1' },
          android: { priority: 'high', notification: { title: 'F', body: 'default', channel_id: 'news' } },
        },
      },
    });
  });

  it('errors in the record: alert object for Android, silent to vivo, a vendor device without registrationId', async () => {
    const ios = await install(t, iosDevice({ channels: ['e'] }));
    await install(t, androidDevice({ channels: ['e'] }));
    const { rec, byInstallation } = await sent({ channels: ['e'], data: { alert: { title: 'object' } } });
    expect(rec).toMatchObject({
      status: 'done',
      devices: 2,
      successes: 1,
      errors: ['data.alert must be a string for Android devices (the alert object form is for iOS only)'],
    });
    expect([...byInstallation.keys()]).toEqual([ios]);

    await install(t, androidDevice({ channels: ['v'], vendor: 'vivo', registrationId: 'r1' }));
    const mi = await install(t, androidDevice({ channels: ['v'], vendor: 'mi', registrationId: 'r2' }));
    await install(t, androidDevice({ channels: ['v'], vendor: 'HMS' }));
    const silent = await sent({ channels: ['v'], data: { alert: 'quiet', silent: true } });
    expect(silent.rec).toMatchObject({ devices: 3, successes: 1, miSuccesses: 1 });
    expect(silent.rec.errors).toEqual([
      'vivo does not support pass-through (silent) messages: the message was dropped',
      'an Android vendor installation without a registrationId was skipped',
    ]);
    expect(silent.byInstallation.get(mi)?.payload).toMatchObject({ passThrough: true });
  });

  it('a push that reaches no device for errors ends in error', async () => {
    await install(t, androidDevice({ channels: ['x'], vendor: 'vivo', registrationId: 'r' }));
    const { rec } = await sent({ channels: ['x'], data: { alert: 'quiet', silent: true } });
    expect(rec).toMatchObject({ status: 'error', devices: 1, successes: 0 });
  });

  it('refuses a development-certificate push to more devices than the cap: "dev profile disabled for massive push"', async () => {
    await setSettings(t, { devPushDeviceLimit: 2 });
    for (let i = 0; i < 3; i++) await install(t, iosDevice({ channels: ['d'] }));
    await install(t, androidDevice({ channels: ['d'] }));
    const refused = await sent({ channels: ['d'], data: { alert: 'x' }, prod: 'dev' });
    expect(refused.rec).toMatchObject({
      status: 'error',
      devices: 0,
      successes: 0,
      errors: ['dev profile disabled for massive push'],
    });
    expect(refused.byInstallation.size).toBe(0);
    const viaHeader = await sent({ channels: ['d'], data: { alert: 'x' } }, { 'X-LC-Prod': '0' });
    expect(viaHeader.rec.status).toBe('error');
    const production = await sent({ channels: ['d'], data: { alert: 'x' } });
    expect(production.rec).toMatchObject({ status: 'done', successes: 4 });
    const list = await push(
      t,
      { device_type: 'ios', device_ids: ['a', 'b', 'c'], prod: 'dev', data: { alert: 'x' } },
      '/1.1/push/devices',
    );
    await settle(t);
    expect(await record(t, list)).toMatchObject({
      status: 'error',
      successes: 0,
      errors: ['dev profile disabled for massive push'],
    });
    // The cap counts iOS devices: prod concerns iOS only.
    const android = await push(t, {
      where: { deviceType: 'android' },
      channels: ['d'],
      data: { alert: 'x' },
      prod: 'dev',
    });
    await settle(t);
    expect(await record(t, android)).toMatchObject({ status: 'done', successes: 1 });
  });
});
