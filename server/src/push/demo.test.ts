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
