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
