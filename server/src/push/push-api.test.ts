import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { deliveries, install, iosDevice, push, record, reset, setSettings, settle } from './test-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(() => reset(t));

const send = (
  body: unknown,
  o: { auth?: 'app' | 'master'; path?: string; headers?: Record<string, string> } = {},
) => t.request('POST', o.path ?? '/1.1/push', { auth: o.auth ?? 'master', body, headers: o.headers });
const ids = (n: number) => Array.from({ length: n }, (_, i) => `device${i}`);

describe('POST /1.1/push and /1.1/push/devices: who may push', () => {
  it('refuses the application key while client push is forbidden (the default), accepts it once allowed', async () => {
    const devices = { device_type: 'android', device_ids: ['d'], data: { alert: 'x' } };
    for (const [path, body] of [
      ['/1.1/push', { data: { alert: 'x' } }],
      ['/1.1/push/devices', devices],
    ] as const) {
      const r = await send(body, { auth: 'app', path });
      expect(r.status).toBe(403);
      expect(r.json.error).toMatch(
        /master key is required for sending a push while client push is forbidden/,
      );
    }
    await setSettings(t, { clientPushForbidden: false });
    expect((await send({ data: { alert: 'x' } }, { auth: 'app' })).status).toBe(200);
  });
});

describe('POST /1.1/push: the body', () => {
  it('answers 107 for malformed JSON and for JSON that is not a dictionary', async () => {
    for (const rawBody of ['{"data": {"alert": "x"}', '[{"data": {"alert": "x"}}]', '"text"']) {
      const r = await t.request('POST', '/1.1/push', {
        auth: 'master',
        rawBody,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(r.status).toBe(400);
      expect(r.json.code).toBe(107);
    }
  });

  it('takes a body under 4096 bytes when serialized and refuses one of 4096', async () => {
    const sized = (n: number) => {
      const base = JSON.stringify({ data: { alert: '' } }).length;
      return { data: { alert: 'x'.repeat(n - base) } };
    };
    expect((await send(sized(4095))).status).toBe(200);
    const r = await send(sized(4096));
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/smaller than 4096 bytes when serialized; this one has 4096/);
  });

  it.each([
    [/data is required and must be a JSON object/, {}],
    [/data is required and must be a JSON object/, { data: 'hello' }],
    [/data.alert is required/, { data: { title: 'no alert' } }],
    [/alert must be a string or an alert object/, { data: { alert: 5 } }],
    [/badge must be a number or "Increment"/, { data: { alert: 'x', badge: 'more' } }],
    [/apns-priority must be 10 or 5/, { data: { alert: 'x', 'apns-priority': 7 } }],
    [/the other types need the aps form/, { data: { alert: 'x', 'apns-push-type': 'voip' } }],
    [/sound.volume must be a number from 0 to 1/, { data: { alert: 'x', sound: { volume: 2 } } }],
    [/silent must be true or false/, { data: { alert: 'x', silent: 'yes' } }],
    [/android.alert|alert must be a string/, { data: { alert: 'x', android: { alert: {} } } }],
    [/vivo.pushMode must be a number/, { data: { alert: 'x', vivo: { pushMode: 'test' } } }],
    [/where must be a JSON object/, { data: { alert: 'x' }, where: [1] }],
    [/where must be a JSON object/, { data: { alert: 'x' }, where: '{not json' }],
    [/Invalid where/, { data: { alert: 'x' }, where: { a: { $bogus: 1 } } }],
    [/channels must be an array of strings/, { data: { alert: 'x' }, channels: 'news' }],
    [/push_time must be a UTC ISO 8601 date/, { data: { alert: 'x' }, push_time: 'tomorrow' }],
    [
      /expiration_time must be a UTC ISO 8601 date/,
      { data: { alert: 'x' }, expiration_time: '2030-13-45T00:00:00Z' },
    ],
    [
      /expiration_interval must be a positive number of seconds/,
      { data: { alert: 'x' }, expiration_interval: -5 },
    ],
    [
      /expiration_time or expiration_interval, not both/,
      { data: { alert: 'x' }, expiration_interval: 60, expiration_time: '2030-01-01T00:00:00Z' },
    ],
    [/prod must be "dev" or "prod"/, { data: { alert: 'x' }, prod: 'staging' }],
    [/flow_control must be a number of targets per second/, { data: { alert: 'x' }, flow_control: 'fast' }],
    [
      /notification_id must be 1 to 16 letters and digits/,
      { data: { alert: 'x' }, notification_id: 'a'.repeat(17) },
    ],
    [
      /notification_id must be 1 to 16 letters and digits/,
      { data: { alert: 'x' }, notification_id: 'abc_def' },
    ],
    [/req_id must be 1 to 16 letters and digits/, { data: { alert: 'x' }, req_id: 'abc-def' }],
    [/cql is not supported here/, { data: { alert: 'x' }, cql: 'select * from _Installation' }],
  ])('refuses a body that breaks the rule %s', async (message, body) => {
    const r = await send(body);
    expect(r.status, r.text).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it('accepts every optional parameter, and an alert given only in the aps form or an override', async () => {
    const full = {
      where: JSON.stringify({ deviceType: 'ios' }),
      channels: ['a'],
      data: {
        aps: { alert: { title: 't', body: 'b' }, badge: 'Increment' },
        'apns-push-type': 'voip',
        custom: 1,
      },
      expiration_interval: '3600',
      notification_id: 'abcDEF1234567890',
      req_id: 'Z9',
      prod: 'dev',
      topic: 'com.example',
      apns_team_id: 'TEAM',
      flow_control: 10,
      _notificationChannel: 'general',
    };
    expect((await send(full)).status).toBe(200);
    expect((await send({ data: { ios: { alert: 'only iOS' } } })).status).toBe(200);
  });

  it('adds channels to where as a condition, and keeps where as sent', async () => {
    const a = await push(t, { channels: ['c1', 'c2'], where: { level: { $gt: 2 } }, data: { alert: 'x' } });
    expect((await record(t, a)).where).toEqual({ level: { $gt: 2 }, channels: { $in: ['c1', 'c2'] } });
    const b = await push(t, { channels: ['c1'], where: { channels: 'c3' }, data: { alert: 'x' } });
    expect((await record(t, b)).where).toEqual({ $and: [{ channels: 'c3' }, { channels: { $in: ['c1'] } }] });
  });

  it('prod: the parameter, else dev when X-LC-Prod is present and not 1, else prod', async () => {
    const prodOf = async (body: Record<string, unknown>, headers?: Record<string, string>) => {
      const r = await send({ data: { alert: 'x' }, ...body }, { headers });
      return (await record(t, String(r.json.objectId))).prod;
    };
    expect(await prodOf({})).toBe('prod');
    expect(await prodOf({}, { 'X-LC-Prod': '0' })).toBe('dev');
    expect(await prodOf({}, { 'X-LC-Prod': '1' })).toBe('prod');
    expect(await prodOf({ prod: 'prod' }, { 'X-LC-Prod': '0' })).toBe('prod');
    expect(await prodOf({ prod: 'dev' })).toBe('dev');
  });
});

describe('POST /1.1/push/devices', () => {
  it.each([
    [/device_type is required/, { device_ids: ['a'], data: { alert: 'x' } }],
    [
      /device_type is required and must be "android" or "ios"/,
      { device_type: 'web', device_ids: ['a'], data: { alert: 'x' } },
    ],
    [/device_ids is required/, { device_type: 'ios', data: { alert: 'x' } }],
    [/at least one device/, { device_type: 'ios', device_ids: [], data: { alert: 'x' } }],
    [/device_ids holds at most 500 ids/, { device_type: 'ios', device_ids: ids(501), data: { alert: 'x' } }],
    [/a device id must not be empty/, { device_type: 'ios', device_ids: [''], data: { alert: 'x' } }],
    [/data is required/, { device_type: 'ios', device_ids: ['a'] }],
    [
      /vendor is for Android devices only/,
      { device_type: 'ios', device_ids: ['a'], vendor: 'mi', data: { alert: 'x' } },
    ],
    [
      /vendor must be one of/,
      { device_type: 'android', device_ids: ['a'], vendor: 'nokia', data: { alert: 'x' } },
    ],
    [
      /a device profile starts with a letter/,
      { device_type: 'android', device_ids: ['a'], device_profile: '_x', data: { alert: 'x' } },
    ],
    [
      /the alert object form is for iOS only/,
      { device_type: 'android', device_ids: ['a'], data: { alert: { body: 'x' } } },
    ],
    [
      /push_time is not a parameter/,
      { device_type: 'android', device_ids: ['a'], data: { alert: 'x' }, push_time: '2030-01-01T00:00:00Z' },
    ],
    [
      /notification_id/,
      { device_type: 'android', device_ids: ['a'], data: { alert: 'x' }, notification_id: 'a'.repeat(17) },
    ],
  ])('refuses a body that breaks the rule %s', async (message, body) => {
    const r = await send(body, { path: '/1.1/push/devices' });
    expect(r.status, r.text).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it("is found by the installation's objectId among the recorder's deliveries", async () => {
    const device = iosDevice({ channels: ['news'] });
    const installation = await install(t, device);
    await install(t, iosDevice({ channels: ['news'] }));
    const id = await push(
      t,
      { device_type: 'ios', device_ids: [device.deviceToken], data: { alert: 'only you' } },
      '/1.1/push/devices',
    );
    await settle(t);
    const got = await deliveries(t, { installation });
    expect(got.map((d) => [d.push, d.deviceToken])).toEqual([[id, device.deviceToken]]);
    expect(await deliveries(t, { installation: 'noSuchObject' })).toEqual([]);
  });

  it('takes 500 ids and delivers to each listed device once, by its type, vendor and profile', async () => {
    const list = [...ids(499), 'device0'];
    const id = await push(
      t,
      { device_type: 'android', device_ids: list, vendor: 'mi', channel: 'news', data: { alert: 'x' } },
      '/1.1/push/devices',
    );
    await settle(t);
    const got = await deliveries(t, { push: id });
    expect(got).toHaveLength(499);
    expect(new Set(got.map((d) => d.channel))).toEqual(new Set(['mi']));
    expect(await record(t, id)).toMatchObject({
      status: 'done',
      devices: 499,
      successes: 499,
      miSuccesses: 499,
    });
  });
});
