import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { DEFAULT_RECORD_RETENTION_DAYS, purgeEndedPushes } from './retention';
import { androidDevice, deliveryCounts, install, push, settle } from './test-helpers';

const DAY = 86_400_000;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  for (let i = 0; i < 3; i++) await install(t, androidDevice({ channels: ['kept'] }));
});
afterAll(() => t.close());

/** What is left of a push in every place the engine keeps something of it. */
async function leftOf(id: string) {
  const [row] = await t.server.sql.query<{ pushes: number; payloads: number }>(
    `SELECT (SELECT count(*)::int FROM lc_pushes WHERE id = $1) AS pushes,
            (SELECT count(*)::int FROM lc_push_payloads WHERE push_id = $1) AS payloads`,
    [id],
  );
  const rec = await t.request('GET', `/1.1/notifications/${id}`, { auth: 'master' });
  return { record: rec.status, deliveries: (await deliveryCounts(t, id)).rows, ...row };
}

describe('push record retention', () => {
  it('keeps records a month by default, well over the week LeanCloud kept them', () => {
    expect(DEFAULT_RECORD_RETENTION_DAYS).toBe(30);
  });

  it('purges an ended push with its delivery rows once its retention has passed; scheduled pushes and recent records stay', async () => {
    const now = t.server.clock.now();
    const done = await push(t, { channels: ['kept'], data: { alert: 'old news' } });
    const later = new Date(now.getTime() + 2 * DAY).toISOString();
    const scheduled = await push(t, { channels: ['kept'], data: { alert: 'later' }, push_time: later });
    await settle(t);
    expect(await leftOf(done)).toEqual({ record: 200, deliveries: 3, pushes: 1, payloads: 1 });

    // A day before the end of its retention: everything kept.
    expect(await purgeEndedPushes(t.server.sql, new Date(now.getTime() + 29 * DAY), 30)).toBe(0);
    expect(await leftOf(done)).toEqual({ record: 200, deliveries: 3, pushes: 1, payloads: 1 });

    // Past it: the record and all the engine kept of it are gone; the scheduled push waits on.
    expect(await purgeEndedPushes(t.server.sql, new Date(now.getTime() + 31 * DAY), 30)).toBe(1);
    expect(await leftOf(done)).toEqual({ record: 404, deliveries: 0, pushes: 0, payloads: 0 });
    expect(await leftOf(scheduled)).toMatchObject({ record: 200, pushes: 1 });
    const waiting = await t.request('GET', '/1.1/scheduledPushMessages', { auth: 'master' });
    expect(waiting.json.results).toHaveLength(1);
  });

  it('forgets the delivery rows of a record deleted earlier', async () => {
    const id = await push(t, { channels: ['kept'], data: { alert: 'deleted record' } });
    await settle(t);
    // Deleting a done push's record leaves its delivery rows to housekeeping.
    expect((await t.request('DELETE', `/1.1/notifications/${id}`, { auth: 'master' })).status).toBe(200);
    expect(await leftOf(id)).toEqual({ record: 404, deliveries: 3, pushes: 0, payloads: 1 });
    expect(await purgeEndedPushes(t.server.sql, t.server.clock.now(), 30)).toBe(1);
    expect(await leftOf(id)).toEqual({ record: 404, deliveries: 0, pushes: 0, payloads: 0 });
  });

  it('runs in the hourly housekeeping job with the configured days', async () => {
    const s = await startTestServer({ pushRecordRetentionDays: 1 });
    try {
      await install(s, androidDevice({ channels: ['h'] }));
      const r = await s.request('POST', '/1.1/push', {
        auth: 'master',
        body: { channels: ['h'], data: { alert: 'a day' } },
      });
      const id = String(r.json.objectId);
      await s.server.jobs.runUntilIdle();
      expect((await s.request('GET', `/1.1/notifications/${id}`, { auth: 'master' })).status).toBe(200);
      // Two days on, the next housekeeping run forgets it.
      await s.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 2 * DAY } });
      await s.server.jobs.runUntilIdle();
      expect((await s.request('GET', `/1.1/notifications/${id}`, { auth: 'master' })).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
