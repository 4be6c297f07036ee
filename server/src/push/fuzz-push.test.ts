import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exercise, expectAlive, fuzz } from '../test/fuzz/runner';
import { installationRequest, installed, readRequest } from './fuzz/other-requests';
import { devicesRequest, pushRequest } from './fuzz/push-bodies';
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

describe('fuzz: push and installation endpoints answer bad input with a 4xx {code, error}, never a 500', () => {
  it('POST /1.1/push', async () => {
    await fuzz(pushRequest, 500);
  }, 300_000);

  it('POST /1.1/push/devices', async () => {
    await fuzz(devicesRequest, 300);
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
