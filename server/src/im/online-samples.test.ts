// The online sampler on a real database: a bucket keeps the most clients seen in it, samples
// older than two days are pruned, and the history reads the last 24 hours oldest first.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '@switchboard/shared/sql';
import { openTestDatabase } from '@switchboard/shared/sql/testing';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { Clock } from '../lib/clock';
import { NO_LIVE } from './live';
import { imMigrations } from './migrations';
import { OnlineSampler, ONLINE_BUCKET_MS } from './online-samples';
import { DAY_MS, onlineHistory } from './stats';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db.sql, 'lc_im_migrations', imMigrations);
});
afterAll(() => db.drop());

it('keeps the peak of each 5-minute bucket and prunes samples older than two days', async () => {
  let online = 0;
  const clock = new Clock();
  const sampler = new OnlineSampler(
    db.sql,
    { ...NO_LIVE, onlineCount: () => Promise.resolve(online) },
    clock,
    (e) => {
      throw e;
    },
  );
  const start = clock.now().getTime();
  const bucket = start - (start % ONLINE_BUCKET_MS);
  for (const n of [3, 7, 2]) {
    online = n;
    await sampler.sample();
  }
  clock.advance(ONLINE_BUCKET_MS);
  online = 4;
  await sampler.sample();
  let history = await onlineHistory(db.sql, clock.now().getTime());
  expect(history).toEqual([
    { at: new Date(bucket).toISOString(), count: 7 },
    { at: new Date(bucket + ONLINE_BUCKET_MS).toISOString(), count: 4 },
  ]);

  clock.advance(DAY_MS);
  await sampler.sample();
  // A day later the first buckets are out of the chart, but kept for a second day.
  history = await onlineHistory(db.sql, clock.now().getTime());
  expect(history.map((p) => p.count)).toEqual([4]);
  expect((await db.sql.query('SELECT at FROM lc_im_online')).length).toBe(3);
  clock.advance(DAY_MS + ONLINE_BUCKET_MS);
  await sampler.sample();
  // Two days on, the first day's buckets are gone; the later two stay.
  const kept = await db.sql.query<{ at: string }>('SELECT at::text AS at FROM lc_im_online ORDER BY at');
  expect(kept.map((r) => Number(r.at) - bucket)).toEqual([
    ONLINE_BUCKET_MS + DAY_MS,
    2 * ONLINE_BUCKET_MS + 2 * DAY_MS,
  ]);
  await sampler.stop();
});
