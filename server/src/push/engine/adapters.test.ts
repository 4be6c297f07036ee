import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { resolvePushConfig } from '../config';
import { GatewayDirectory, registerGateway } from '../gateways';
import type { DeliveryResult } from '../gateways/types';
import {
  androidDevice,
  deliveries,
  freezeClock,
  install,
  iosDevice,
  push,
  record,
  settle,
} from '../test-helpers';

/** A stand-in for a real gateway: its answer per device token is written in the token. */
const sends: string[] = [];
const retried = new Set<string>();
registerGateway('fake', () => ({
  kind: 'fake',
  send(batch) {
    return Promise.resolve(
      batch.items.map((it): DeliveryResult => {
        sends.push(it.deviceId);
        if (it.deviceId.startsWith('dead')) return { status: 'invalidToken' };
        if (it.deviceId.startsWith('bad')) return { status: 'error', message: 'the gateway said no' };
        if (it.deviceId.startsWith('slow') && !retried.has(it.deviceId)) {
          retried.add(it.deviceId);
          return { status: 'retry', afterMs: 5000 };
        }
        return { status: 'ok' };
      }),
    );
  },
}));

let t: TestServer;
let clock: ReturnType<typeof freezeClock>;
beforeAll(async () => {
  const pushConfig = resolvePushConfig(
    {
      ios: { _default: { gateway: 'fake' } },
      mi: { other: { options: { latencyMs: 0 } } },
      fcm: { _default: {} },
    },
    {},
  );
  t = await startTestServer({ pushConfig });
  clock = freezeClock(t);
});
afterAll(async () => {
  clock.restore();
  await t.close();
});

describe('adapters chosen by the push configuration', () => {
  it('refuses devices whose vendor configuration (or _default) is missing; the own channel needs none', async () => {
    const mi = await install(t, androidDevice({ channels: ['m'], vendor: 'mi', registrationId: 'r1' }));
    const miOther = await install(
      t,
      androidDevice({ channels: ['m'], vendor: 'mi', registrationId: 'r2', deviceProfile: 'other' }),
    );
    await install(
      t,
      androidDevice({ channels: ['m'], vendor: 'HMS', registrationId: 'r3', deviceProfile: 'cn' }),
    );
    const own = await install(t, androidDevice({ channels: ['m'] }));
    const id = await push(t, { channels: ['m'], data: { alert: 'x' } });
    await settle(t);
    const rec = await record(t, id);
    // The own channel goes over the realtime connection: waiting there, counted once the device acknowledges.
    expect(rec).toMatchObject({ status: 'done', devices: 4, successes: 1, miSuccesses: 1, lcSuccesses: 0 });
    const waiting = await t.server.sql.query('SELECT 1 FROM lc_push_own WHERE push_id = $1', [id]);
    expect(waiting).toHaveLength(1);
    expect(rec.errors).toEqual([
      'the vendor mi configuration _default is missing: the push to its devices without a deviceProfile is refused',
      'the vendor HMS configuration "cn" is missing: the push to its devices is refused',
    ]);
    expect((await deliveries(t, { push: id })).map((d) => d.installation)).toEqual([miOther]);
    expect(mi && own).toBeTruthy();
  });

  it('acts on per-device results: invalid tokens delete the installation, retries come back later, errors are kept', async () => {
    const dead = await install(t, iosDevice({ channels: ['g'], deviceToken: 'dead-1' }));
    await install(t, iosDevice({ channels: ['g'], deviceToken: 'slow-1' }));
    await install(t, iosDevice({ channels: ['g'], deviceToken: 'bad-1' }));
    await install(t, iosDevice({ channels: ['g'], deviceToken: 'good-1' }));
    const id = await push(t, { channels: ['g'], data: { alert: 'x' } });
    await settle(t);
    expect(await record(t, id)).toMatchObject({
      status: 'running',
      devices: 4,
      successes: 1,
      invalidTokens: 1,
    });
    expect((await t.request('GET', `/1.1/installations/${dead}`)).json).toEqual({});
    clock.advance(5000);
    await settle(t);
    const rec = await record(t, id);
    expect(rec).toMatchObject({
      status: 'done',
      devices: 4,
      successes: 2,
      iosSuccesses: 2,
      invalidTokens: 1,
    });
    expect(rec.errors).toEqual(['the gateway said no']);
    expect(sends.filter((s) => s === 'slow-1')).toHaveLength(2);
    expect(sends.filter((s) => s === 'good-1')).toHaveLength(1);

    // Doc 2: "the token is marked invalid and later messages to it are dropped".
    const later = await push(
      t,
      { device_type: 'ios', device_ids: ['dead-1', 'good-1'], data: { alert: 'y' } },
      '/1.1/push/devices',
    );
    await settle(t);
    expect(await record(t, later)).toMatchObject({ status: 'done', devices: 2, successes: 1 });
    expect(sends.filter((s) => s === 'dead-1')).toHaveLength(1);
    // The device registering again makes the token valid again.
    await install(t, iosDevice({ channels: ['g2'], deviceToken: 'dead-1' }));
    const again = await push(t, { channels: ['g2'], data: { alert: 'z' } });
    await settle(t);
    expect(await record(t, again)).toMatchObject({ invalidTokens: 1 });
    expect(sends.filter((s) => s === 'dead-1')).toHaveLength(2);
  });
});

describe('the push configuration', () => {
  it('takes secrets only from the environment variables it names, and names every problem', () => {
    expect(() => resolvePushConfig({ ios: { _default: { options: { privateKey: 'x' } } } }, {})).toThrow(
      /secrets come from environment variables/,
    );
    expect(() =>
      resolvePushConfig({ ios: { _default: { options: { teamId: '-----BEGIN PRIVATE KEY-----' } } } }, {}),
    ).toThrow(/secrets come from environment variables/);
    expect(() =>
      resolvePushConfig({ mi: { _default: { secretEnv: { appSecret: 'MI_SECRET' } } } }, {}),
    ).toThrow(/MI_SECRET \(for appSecret\)/);
    expect(() => resolvePushConfig({ windows: {} }, {})).toThrow(/invalid push configuration/);
    expect(() => resolvePushConfig({ mi: { 'bad-name': {} } }, {})).toThrow(
      /a profile name is _default or starts with a letter/,
    );
    const ok = resolvePushConfig(
      { mi: { _default: { secretEnv: { appSecret: 'MI_SECRET' } } } },
      { MI_SECRET: 's3cret' },
    );
    expect(ok?.mi?._default?.secrets.get('appSecret')).toBe('s3cret');
    expect(JSON.stringify(ok)).not.toContain('s3cret');
  });

  it('refuses a configuration naming an adapter that does not exist', () => {
    const config = resolvePushConfig({ ios: { _default: { gateway: 'apns2' } } }, {});
    expect(() => new GatewayDirectory(config)).toThrow(
      /ios._default: no adapter named "apns2" \(known: recorder/,
    );
  });
});
