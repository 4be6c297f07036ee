import type { DemoObject } from '../demo/catalog';

/** A few devices of the demo shop's users, one per delivery channel, so the console has installations to push to. */
export function demoInstallations(nextId: () => string, now: Date, users: DemoObject[]): DemoObject[] {
  const owner = (i: number) => {
    const u = users[i % Math.max(1, users.length)];
    return u ? { owner: { __type: 'Pointer', className: '_User', objectId: u.id } } : {};
  };
  const devices: Record<string, unknown>[] = [
    {
      deviceType: 'ios',
      deviceToken: 'd3m0'.repeat(16),
      apnsTopic: 'com.example.shop',
      badge: 0,
      channels: ['news', 'deals'],
    },
    {
      deviceType: 'ios',
      deviceToken: 'b0a7'.repeat(16),
      apnsTopic: 'com.example.shop',
      badge: 2,
      channels: ['news'],
    },
    { deviceType: 'android', installationId: 'demo-android-own-channel', channels: ['deals'] },
    {
      deviceType: 'android',
      installationId: 'demo-android-xiaomi',
      vendor: 'mi',
      registrationId: 'demo-mi-regid',
      channels: ['news', 'deals'],
    },
    {
      deviceType: 'android',
      installationId: 'demo-android-huawei',
      vendor: 'HMS',
      registrationId: 'demo-hms-token',
      channels: ['news'],
    },
    {
      deviceType: 'android',
      installationId: 'demo-android-fcm',
      vendor: 'fcm',
      registrationId: 'demo-fcm-token',
      channels: ['deals'],
    },
  ];
  return devices.map((data, i) => ({
    id: nextId(),
    createdAt: now,
    data: { ...data, ...owner(i), timeZone: 'Asia/Shanghai' },
  }));
}

const ZERO_SUCCESSES = {
  lcSuccesses: 0,
  iosSuccesses: 0,
  fcmSuccesses: 0,
  hmsSuccesses: 0,
  miSuccesses: 0,
  meizuSuccesses: 0,
  oppoSuccesses: 0,
  vivoSuccesses: 0,
  honorSuccesses: 0,
};

/**
 * Records of a few pushes sent before the demo starts (as the engine would have written them), so
 * the console's push records show a finished push, one with per-platform payloads, and one that
 * failed on a vendor, before anyone sends anything.
 */
export function demoPushes(nextId: () => string, now: Date): DemoObject[] {
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const pushes: [number, Record<string, unknown>][] = [
    [
      6,
      {
        notificationId: 'demoWelcome',
        data: { alert: 'Welcome to the shop!', title: 'Shop', badge: 'Increment', sound: 'default' },
        where: { channels: { $in: ['news'] } },
        devices: 4,
        successes: 4,
        iosSuccesses: 2,
        miSuccesses: 1,
        hmsSuccesses: 1,
      },
    ],
    [
      3,
      {
        notificationId: 'demoDeals',
        data: {
          ios: { alert: { title: 'Deals', body: 'Weekend deals start now' }, badge: 1 },
          android: { title: 'Deals', alert: 'Weekend deals start now', action: 'com.example.DEALS' },
        },
        where: { channels: { $in: ['deals'] } },
        devices: 4,
        successes: 4,
        iosSuccesses: 1,
        lcSuccesses: 1,
        miSuccesses: 1,
        fcmSuccesses: 1,
      },
    ],
    [
      1,
      {
        notificationId: 'demoRestock',
        data: { alert: 'Your saved items are back in stock', silent: false },
        where: { deviceType: 'android' },
        devices: 4,
        successes: 3,
        lcSuccesses: 1,
        miSuccesses: 1,
        fcmSuccesses: 1,
        errors: ['HMS: no push configuration named "_default" for this app'],
      },
    ],
  ];
  return pushes.map(([days, data]) => ({
    id: nextId(),
    createdAt: daysAgo(days),
    // Records are master-only, as the engine writes them.
    acl: {},
    data: {
      prod: 'prod',
      status: 'done',
      invalidTokens: 0,
      errors: [],
      'from-service': 'push',
      // The demo's pushes were sent from the console (its record list filters by source).
      source: 'console',
      ...ZERO_SUCCESSES,
      ...data,
    },
  }));
}
