import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { countAudience } from './audience-route';
import { androidDevice, install, iosDevice, push, reset, seedInstallations, settle } from './test-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(() => reset(t));

const DAY = 86_400_000;

const audience = (query: Record<string, string>, auth: 'master' | 'app' = 'master') =>
  t.request('GET', '/1.1/switchboard/push/audience', { auth, query });

describe('GET /1.1/switchboard/push/audience', () => {
  it('counts the installations a push would reach, by platform and Android route', async () => {
    await install(t, iosDevice({ channels: ['news'] }));
    await install(t, iosDevice({ channels: ['sport'] }));
    await install(t, androidDevice({ channels: ['news'] }));
    await install(t, androidDevice({ channels: ['news'], vendor: 'HMS', registrationId: 'hms-1' }));
    await install(t, androidDevice({ channels: ['news'], vendor: 'mi', registrationId: 'mi-1' }));
    await install(t, androidDevice({ channels: ['news'], valid: false }));
    // Not refreshed for 91 days: the engine no longer targets it, so neither does the count.
    await seedInstallations(t, 1, () => ({ channels: ['news'] }), new Date(Date.now() - 91 * DAY));

    const all = await audience({});
    expect(all.status, all.text).toBe(200);
    expect(all.json).toEqual({
      total: 5,
      ios: 2,
      android: 3,
      androidRoutes: { own: 1, HMS: 1, mi: 1 },
      exact: true,
    });

    const news = await audience({ channels: '["news"]', where: '{"deviceType":"android"}' });
    expect(news.json).toMatchObject({ total: 3, ios: 0, android: 3, exact: true });
    // A small table is counted exactly even when an estimate is asked for.
    const estimated = await audience({ channels: '["news"]', estimate: '1' });
    expect(estimated.json).toMatchObject({ total: 4, ios: 1, android: 3, exact: true });
  });

  it('reaches exactly the devices a push to the same audience reaches', async () => {
    await install(t, iosDevice({ channels: ['a'], score: 3 }));
    await install(t, androidDevice({ channels: ['a'], score: 9 }));
    await install(t, androidDevice({ channels: ['b'], score: 12 }));
    const where = { score: { $gte: 5 } };
    const counted = await audience({ where: JSON.stringify(where), channels: '["a","b"]' });
    const id = await push(t, { where, channels: ['a', 'b'], data: { alert: 'hi' } });
    await settle(t);
    const rec = await t.request('GET', `/1.1/tables/Notifications/${id}`, { auth: 'master' });
    expect(counted.json.total).toBe(2);
    expect(rec.json.devices).toBe(counted.json.total);
  });

  it('is for the master key only, and says what is wrong with bad parameters', async () => {
    expect((await audience({}, 'app')).status).toBe(403);
    const cases: [Record<string, string>, RegExp][] = [
      [{ where: '{"a":' }, /where must be JSON/],
      [{ where: '[1]' }, /where must be a JSON object/],
      [{ channels: '"news"' }, /channels must be a JSON array of strings/],
      [{ channels: '[1]' }, /channels must be a JSON array of strings/],
      [{ where: '{"a":{"$nope":1}}' }, /\$nope/],
      [{ estimate: 'yes' }, /estimate is 0 or 1/],
      [{ where: 'x'.repeat(5000) }, /at most 4096/],
    ];
    for (const [query, message] of cases) {
      const r = await audience(query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(String(r.json.error), JSON.stringify(query)).toMatch(message);
    }
  });

  it('answers an estimate from a sample of a large table, close to the exact count', async () => {
    await install(t, iosDevice());
    // 120,000 installations, one in four in channel c1, half iOS; written in SQL for speed.
    await t.server.sql.query(
      `INSERT INTO "o__Installation" (id, created_at, updated_at, acl, data)
       SELECT lpad(to_hex(i), 24, '0'), now(), now(), NULL,
              jsonb_build_object('deviceType', CASE WHEN i % 2 = 0 THEN 'ios' ELSE 'android' END,
                                 'installationId', 'big-' || i, 'channels', jsonb_build_array('c' || (i % 4)))
         FROM generate_series(1, 120000) AS i`,
    );
    await t.server.sql.exec('ANALYZE "o__Installation"');
    const where = { channels: { $in: ['c1'] } };
    const now = new Date();
    const opts = { now, sampleAbove: 100_000 };
    const exact = await countAudience(t.server.sql, t.server.classes, where, { ...opts, estimate: false });
    expect(exact).toMatchObject({ total: 30_000, exact: true });
    const estimate = await countAudience(t.server.sql, t.server.classes, where, { ...opts, estimate: true });
    expect(estimate.exact).toBe(false);
    expect(Math.abs(estimate.total - exact.total) / exact.total).toBeLessThan(0.15);
    // c1 holds odd numbers only (i % 4 = 1): all Android, none iOS, in the sample too.
    expect(estimate.ios).toBe(0);
    expect(estimate.android).toBe(estimate.total);
    // An audience too small to be seen in the sample is counted exactly.
    const rare = await countAudience(
      t.server.sql,
      t.server.classes,
      { installationId: 'big-7' },
      {
        ...opts,
        estimate: true,
      },
    );
    expect(rare).toMatchObject({ total: 1, exact: true });
  });
});
