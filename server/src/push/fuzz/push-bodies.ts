import fc from 'fast-check';
import type { FuzzRequest } from '../../test/fuzz/common';
import { anyNumber, anyString, isoLike, junk, rawBody, whereObject } from '../../test/fuzz/index';
import type { AuthMode } from '../../test/harness';

// Request bodies of POST /1.1/push and /1.1/push/devices: wild ones (every member maybe of the
// wrong type) and ones that follow the rules, which reach the engine.

export const auth = fc.constantFrom<AuthMode>('master', 'master', 'app', 'none', 'sign-master');
const text = fc.oneof(anyString, fc.stringMatching(/^[A-Za-z0-9]{1,17}$/));
export const member = (values: fc.Arbitrary<unknown>) =>
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

export const body = (b: fc.Arbitrary<unknown>) =>
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

export const pushRequest = post('/1.1/push', fc.oneof(pushBody, validPush), 'push');
export const devicesRequest = post('/1.1/push/devices', fc.oneof(devicesBody, validDevices), 'push-devices');
