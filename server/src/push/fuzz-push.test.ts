import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthMode } from '../test/harness';
import type { FuzzRequest } from '../test/fuzz/common';
import {
  anyNumber,
  anyString,
  atomicOp,
  encodeSegment,
  isoLike,
  junk,
  paramString,
  rawBody,
  whereObject,
} from '../test/fuzz/index';
import { exercise, expectAlive, fuzz } from '../test/fuzz/runner';
import { closeConnection, sendTo, sentCount } from '../test/fuzz/send';
import { printReport } from '../test/fuzz/survey';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { androidDevice, install, iosDevice, setSettings } from './test-helpers';

// Every push and installation endpoint under random and malformed input: no 500, every refusal a
// 4xx {code, error} (runner.ts), and the engine never fails on a push it accepted.

let t: TestServer;
const startedAt = Date.now();
beforeAll(async () => {
  t = await startTestServer();
  sendTo(t.url);
  await setSettings(t, { pushCallsPerMinute: 9600, pushDailyTargets: 1e9, scheduledPushLimit: 100_000 });
  for (let i = 0; i < 3; i++) {
    installed.push(
      await install(
        t,
        androidDevice({
          channels: ['fz'],
          vendor: ['mi', 'vivo', undefined][i] ?? undefined,
          registrationId: `r${i}`,
        }),
      ),
      await install(t, iosDevice({ channels: ['fz'], badge: i })),
    );
  }
}, 180_000);
afterAll(async () => {
  closeConnection();
  printReport(sentCount(), startedAt);
  await t?.close();
});

const auth = fc.constantFrom<AuthMode>('master', 'master', 'app', 'none', 'sign-master');
const text = fc.oneof(anyString, fc.stringMatching(/^[A-Za-z0-9]{1,17}$/));
const member = (values: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: values }, { weight: 1, arbitrary: junk });

const alertObject = fc.dictionary(
  fc.constantFrom('title', 'body', 'loc-args', 'title-loc-key', 'summary-arg-count'),
  junk,
  { maxKeys: 3 },
);
const platformData = fc.record(
  {
    alert: member(fc.oneof(anyString, alertObject)),
    title: member(anyString),
    badge: member(fc.oneof(anyNumber, fc.constant('Increment'))),
    sound: member(
      fc.oneof(anyString, fc.record({ name: junk, volume: junk, critical: junk }, { requiredKeys: [] })),
    ),
    silent: member(fc.boolean()),
    'apns-push-type': member(fc.constantFrom('alert', 'background', 'voip', 'mdm')),
    'apns-priority': member(fc.constantFrom(5, 10)),
    'content-available': member(anyNumber),
    aps: member(fc.record({ alert: member(anyString), badge: junk }, { requiredKeys: [] })),
    pushMode: junk,
    custom: junk,
  },
  { requiredKeys: [] },
);
const data = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        platformData,
        fc.dictionary(
          fc.constantFrom('ios', 'android', 'mi', 'hms', 'vivo', 'fcm', 'honor'),
          member(platformData),
          { maxKeys: 3 },
        ),
      )
      .map(([d, o]) => ({ ...d, ...o })),
  },
  { weight: 1, arbitrary: junk },
);
const common = {
  data,
  expiration_time: member(isoLike),
  expiration_interval: member(fc.oneof(anyNumber, fc.constant('3600'))),
  notification_id: member(text),
  req_id: member(text),
  prod: member(fc.constantFrom('dev', 'prod')),
  topic: member(anyString),
  apns_team_id: member(anyString),
};
const pushBody = fc.record(
  {
    ...common,
    where: member(
      fc.oneof(
        whereObject,
        fc.constant({ channels: 'fz' }),
        whereObject.map((w) => JSON.stringify(w)),
      ),
    ),
    channels: member(fc.array(fc.oneof(fc.constant('fz'), anyString), { maxLength: 3 })),
    push_time: member(
      fc.oneof(
        isoLike,
        fc
          .date({
            min: new Date(Date.now() - 86_400_000),
            max: new Date(Date.now() + 86_400_000),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString()),
      ),
    ),
    flow_control: member(anyNumber),
    _notificationChannel: member(anyString),
    cql: junk,
  },
  { requiredKeys: [] },
);
const devicesBody = fc.record(
  {
    ...common,
    device_type: member(fc.constantFrom('ios', 'android')),
    device_ids: member(fc.array(member(anyString), { maxLength: 20 })),
    vendor: member(fc.constantFrom('HMS', 'mi', 'vivo', 'fcm', 'honor')),
    device_profile: member(anyString),
    channel: member(anyString),
  },
  { requiredKeys: [] },
);

/** Bodies that follow the rules, with random choices among the valid values: they reach the engine. */
const validData = fc
  .record(
    {
      alert: fc.oneof(
        anyString,
        alertObject.map((a) => ({ ...a, body: 'b' })),
      ),
      title: anyString,
      badge: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.constant('Increment')),
      silent: fc.boolean(),
      custom: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: ['alert'] },
  )
  .chain((d) =>
    fc
      .dictionary(
        fc.constantFrom('ios', 'android', 'mi', 'vivo', 'fcm'),
        fc.record({ alert: anyString, title: anyString }, { requiredKeys: [] }),
        { maxKeys: 2 },
      )
      .map((o) => ({ ...d, ...o })),
  );
const validPush = fc.record(
  {
    data: validData,
    channels: fc.constant(['fz']),
    where: fc.constantFrom({}, { deviceType: 'ios' }, { badge: { $gte: 1 } }, { vendor: { $exists: true } }),
    expiration_interval: fc.integer({ min: 1, max: 86_400 }),
    prod: fc.constantFrom('dev', 'prod'),
    flow_control: fc.integer({ min: 0, max: 5000 }),
    notification_id: fc.stringMatching(/^[A-Za-z0-9]{1,16}$/),
    _notificationChannel: anyString,
  },
  { requiredKeys: ['data', 'channels'] },
);
const validDevices = fc.record(
  {
    data: validData.map((d) => ({ ...d, alert: 'text' })),
    device_type: fc.constantFrom('ios', 'android'),
    device_ids: fc.array(fc.stringMatching(/^[a-z0-9]{1,20}$/), { minLength: 1, maxLength: 20 }),
    channel: anyString,
  },
  { requiredKeys: ['data', 'device_type', 'device_ids'] },
);

const body = (b: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 8, arbitrary: b.map((v) => JSON.stringify(v)) }, { weight: 1, arbitrary: rawBody });

const post = (path: string, b: fc.Arbitrary<unknown>, kind: string) =>
  fc.tuple(body(b), auth).map(([raw, a]): FuzzRequest => ({
    kind,
    method: 'POST',
    path,
    auth: a,
    headers: { 'Content-Type': 'application/json' },
    body: raw,
  }));

const installationBody = fc.record(
  {
    deviceType: member(fc.constantFrom('ios', 'android')),
    deviceToken: member(fc.constantFrom('tok-a', 'tok-b')),
    installationId: member(fc.constantFrom('inst-a', 'inst-b')),
    channels: member(fc.oneof(fc.array(anyString, { maxLength: 3 }), atomicOp)),
    vendor: member(fc.constantFrom('HMS', 'mi', 'oppo')),
    deviceProfile: member(fc.oneof(fc.constantFrom('', 'p1', '_x'), anyString)),
    registrationId: junk,
    apnsTopic: junk,
    badge: member(anyNumber),
    extra: junk,
  },
  { requiredKeys: [] },
);
const validInstallation = fc.record(
  {
    deviceType: fc.constant('android'),
    installationId: fc.constantFrom('inst-a', 'inst-b', 'inst-c'),
    channels: fc.oneof(fc.array(fc.constantFrom('fz', 'other'), { maxLength: 2 }), atomicOp),
    vendor: fc.constantFrom('HMS', 'mi', 'oppo'),
    deviceProfile: fc.constantFrom('', 'p1'),
    registrationId: fc.stringMatching(/^[a-z]{1,8}$/),
    badge: anyNumber,
  },
  { requiredKeys: ['deviceType', 'installationId'] },
);
/** Installations the fuzz updates (filled in before the first run). */
const installed: string[] = [];
const installationPath = fc.constantFrom('/1.1/installations', '/1.1/classes/_Installation');
const installationRequest = fc
  .tuple(
    installationPath,
    fc.constantFrom('POST', 'PUT'),
    body(fc.oneof(installationBody, validInstallation)),
    auth,
    fc.nat(),
  )
  .map(([path, method, raw, a, n]): FuzzRequest => ({
    kind: 'installation',
    method,
    path: method === 'PUT' ? `${path}/${installed[n % installed.length] ?? 'none'}` : path,
    auth: a,
    headers: { 'Content-Type': 'application/json' },
    body: raw,
  }));

const idSegment = fc.oneof(
  anyString.map((s) => encodeSegment(s) || 'x'),
  fc.constantFrom('1', '0', '99999999999999999999', '-1'),
);
const readRequest = fc
  .tuple(
    fc.constantFrom(
      ['GET', '/1.1/notifications'],
      ['GET', '/1.1/notifications/:id'],
      ['DELETE', '/1.1/notifications/:id'],
      ['GET', '/1.1/tables/Notifications/:id'],
      ['GET', '/1.1/scheduledPushMessages'],
      ['DELETE', '/1.1/scheduledPushMessages/:id'],
      ['GET', '/1.1/switchboard/push/deliveries'],
      ['GET', '/1.1/installations'],
      ['DELETE', '/1.1/installations/:id'],
    ),
    idSegment,
    fc.dictionary(
      fc.constantFrom('where', 'order', 'limit', 'skip', 'count', 'keys', 'push', 'installation'),
      fc.oneof(
        paramString,
        whereObject.map((w) => JSON.stringify(w)),
      ),
      { maxKeys: 4 },
    ),
    auth,
  )
  .map(([[method, path], id, query, a]): FuzzRequest => ({
    kind: 'push-read',
    method,
    path: path.replace(':id', id),
    query,
    auth: a,
  }));

describe('fuzz: push and installation endpoints answer bad input with a 4xx {code, error}, never a 500', () => {
  it('POST /1.1/push', async () => {
    await fuzz(post('/1.1/push', fc.oneof(pushBody, validPush), 'push'), 500);
  }, 300_000);

  it('POST /1.1/push/devices', async () => {
    await fuzz(post('/1.1/push/devices', fc.oneof(devicesBody, validDevices), 'push-devices'), 300);
  }, 300_000);

  it('installations at both paths', async () => {
    await fuzz(installationRequest, 400);
  }, 300_000);

  it('records, scheduled pushes, deliveries, installation queries and deletes', async () => {
    await fuzz(readRequest, 400);
  }, 300_000);

  it('the engine delivered every push it accepted without failing a job', async () => {
    await t.server.jobs.runUntilIdle();
    const failed = await t.server.sql.query<{ queue: string; last_error: string }>(
      "SELECT queue, last_error FROM lc_jobs WHERE state = 'failed' OR (last_error IS NOT NULL AND queue LIKE 'push.%')",
    );
    expect(failed).toEqual([]);
    // The fuzz reached the engine: pushes were accepted and delivered.
    const [reached] = await t.server.sql.query<{ pushes: number; deliveries: number }>(
      'SELECT (SELECT count(*)::int FROM lc_pushes) AS pushes, (SELECT count(*)::int FROM lc_push_deliveries) AS deliveries',
    );
    expect(reached?.pushes).toBeGreaterThan(20);
    expect(reached?.deliveries).toBeGreaterThan(0);
    await exercise({ kind: 'alive', method: 'GET', path: '/1.1/date', auth: 'app' });
    await expectAlive();
  }, 300_000);
});
