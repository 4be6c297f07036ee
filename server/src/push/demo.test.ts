import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../demo/seed';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { deliveries, push, record, settle } from './test-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

it('the demo data has a device per channel, and a push to it shows what each would receive', async () => {
  expect(await seedDemoData(t.server)).toBe(true);
  const id = await push(t, { channels: ['news'], data: { alert: 'Spring sale', title: 'Shop' } });
  await settle(t);
  expect(await record(t, id)).toMatchObject({
    status: 'done',
    devices: 4,
    iosSuccesses: 2,
    miSuccesses: 1,
    hmsSuccesses: 1,
  });
  expect((await deliveries(t, { push: id })).map((d) => d.channel).sort()).toEqual([
    'hms',
    'ios',
    'ios',
    'mi',
  ]);
});

it('the demo data has a few finished pushes, listed newest first with their counts', async () => {
  const res = await t.request('GET', '/1.1/notifications', {
    auth: 'master',
    query: { where: JSON.stringify({ notificationId: { $regex: '^demo' } }), order: '-createdAt' },
  });
  expect(res.status, res.text).toBe(200);
  const results = res.json.results as Record<string, unknown>[];
  expect(results.map((r) => r.notificationId)).toEqual(['demoRestock', 'demoDeals', 'demoWelcome']);
  for (const r of results) expect(r).toMatchObject({ status: 'done', devices: 4, 'from-service': 'push' });
  // One push names both platforms apart: the console must show both payloads.
  expect(results[1]?.data).toHaveProperty('ios');
  // Records are the master key's only.
  const anon = await t.request('GET', '/1.1/classes/_Notification', {});
  expect((anon.json.results as unknown[] | undefined) ?? []).toEqual([]);
});
