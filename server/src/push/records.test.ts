import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { pushMigrations } from './migrations';
import { androidDevice, install, push, record, settle } from './test-helpers';

let t: TestServer;
const ids: string[] = [];
beforeAll(async () => {
  t = await startTestServer();
  await install(t, androidDevice({ channels: ['r'] }));
  for (let i = 0; i < 4; i++)
    ids.push(await push(t, { channels: ['r'], data: { alert: `n${i}` }, notification_id: `batch${i % 2}` }));
  await settle(t);
});
afterAll(() => t.close());

const list = (query: Record<string, unknown>, auth: 'app' | 'master' = 'master') =>
  t.request('GET', '/1.1/notifications', { auth, query });

describe('push records', () => {
  it('hold the spec fields: notificationId, data as sent, where, prod, status, devices, successes per channel, errors, from-service', async () => {
    const rec = await record(t, ids[0] ?? '');
    expect(rec).toMatchObject({
      objectId: ids[0],
      notificationId: 'batch0',
      data: { alert: 'n0' },
      where: { channels: { $in: ['r'] } },
      prod: 'prod',
      status: 'done',
      devices: 1,
      successes: 1,
      lcSuccesses: 1,
      iosSuccesses: 0,
      invalidTokens: 0,
      errors: [],
      'from-service': 'push',
    });
    expect(rec.createdAt).toEqual(expect.any(String));
  });

  it('list with where, order, limit, skip and count (master key only)', async () => {
    expect((await list({})).json.results).toHaveLength(4);
    const r = await list({
      where: { notificationId: 'batch1' },
      order: '-createdAt',
      count: '1',
      limit: '1',
      skip: '1',
    });
    expect(r.json.count).toBe(2);
    expect((r.json.results as { objectId: string }[]).map((x) => x.objectId)).toEqual([ids[1]]);
    const done = await list({
      where: { status: 'done', devices: { $gte: 1 } },
      keys: 'status',
      count: '1',
      limit: '0',
    });
    expect(done.json).toEqual({ results: [], count: 4 });
    expect((await list({}, 'app')).status).toBe(403);
    expect((await list({ where: '{bad' })).status).toBe(400);
    expect((await t.request('GET', '/1.1/classes/_Notification')).status).toBe(403);
    expect(
      (await t.request('GET', '/1.1/classes/_Notification', { auth: 'master' })).json.results,
    ).toHaveLength(4);
  });

  it('one record by objectId or notification_id; /1.1/tables/Notifications/:objectId with the application key', async () => {
    const byObjectId = await t.request('GET', `/1.1/notifications/${ids[2]}`, { auth: 'master' });
    expect(byObjectId.json.objectId).toBe(ids[2]);
    const byNotificationId = await t.request('GET', '/1.1/notifications/batch1', { auth: 'master' });
    expect(byNotificationId.json.objectId).toBe(ids[3]);
    expect((await t.request('GET', `/1.1/notifications/${ids[2]}`)).status).toBe(403);
    expect((await t.request('GET', `/1.1/tables/Notifications/${ids[2]}`)).json.objectId).toBe(ids[2]);
    for (const path of ['/1.1/tables/Notifications/nope', '/1.1/notifications/nope']) {
      const r = await t.request('GET', path, { auth: 'master' });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ code: 101, error: 'Could not find the push record.' });
    }
  });

  it('are written by the push service only; deleting needs the master key', async () => {
    const create = await t.request('POST', '/1.1/classes/_Notification', {
      auth: 'master',
      body: { status: 'done' },
    });
    expect(create.status).toBe(400);
    expect(create.json.error).toMatch(/written by the push service/);
    expect(
      (
        await t.request('PUT', `/1.1/classes/_Notification/${ids[0]}`, {
          auth: 'master',
          body: { devices: 9 },
        })
      ).status,
    ).toBe(400);
    expect((await t.request('DELETE', `/1.1/notifications/${ids[0]}`)).status).toBe(403);
    expect(
      (await t.request('DELETE', `/1.1/classes/_Notification/${ids[0]}`, { auth: 'master' })).status,
    ).toBe(200);
    expect((await t.request('DELETE', `/1.1/notifications/${ids[0]}`, { auth: 'master' })).status).toBe(404);
    expect((await list({})).json.results).toHaveLength(3);
  });
});

// Last: the pushes it sends would change the counts the tests above expect.
describe('push record sources', () => {
  it("keep their source: the API, the console (its bff's X-LC-UA with the master key), or a message's offline push", async () => {
    const sent = async (headers: Record<string, string>, auth: 'master' | 'app' = 'master') => {
      const r = await t.request('POST', '/1.1/push', {
        auth,
        headers,
        body: { channels: ['r'], data: { alert: 'source' } },
      });
      expect(r.status, r.text).toBe(200);
      return record(t, String(r.json.objectId));
    };
    expect(await sent({})).toMatchObject({ source: 'api', 'from-service': 'push' });
    expect(await sent({ 'X-LC-UA': 'Switchboard-Console' })).toMatchObject({
      source: 'console',
      'from-service': 'push',
    });
    // Only the master key's requests may call themselves the console.
    await t.request('PUT', '/1.1/switchboard/settings', {
      auth: 'master',
      body: { clientPushForbidden: false },
    });
    expect(await sent({ 'X-LC-UA': 'Switchboard-Console' }, 'app')).toMatchObject({ source: 'api' });
    await t.request('PUT', '/1.1/switchboard/settings', {
      auth: 'master',
      body: { clientPushForbidden: true },
    });
    const consoleOnly = await list({ where: JSON.stringify({ source: 'console' }) });
    expect(consoleOnly.status, consoleOnly.text).toBe(200);
    expect((consoleOnly.json.results as { source: string }[]).map((r) => r.source)).toEqual(['console']);
  });

  it('an upgrade gives records made before sources one (migration 0004)', async () => {
    const listed = (await list({ limit: 2 })).json.results as { objectId: string }[];
    const [a, b] = listed.map((r) => r.objectId) as [string, string];
    await t.server.sql.query(
      `UPDATE "o__Notification" SET data = (data - 'source') || jsonb_build_object('from-service', CASE WHEN id = $2 THEN 'rtm' ELSE 'push' END) WHERE id = ANY($1::text[])`,
      [[a, b], b],
    );
    const migration = pushMigrations.find((m) => m.id === '0004_record_source');
    await t.server.sql.exec(migration?.sql ?? '');
    expect(await record(t, a)).toMatchObject({ source: 'api', 'from-service': 'push' });
    expect(await record(t, b)).toMatchObject({ source: 'rtm', 'from-service': 'rtm' });
  });
});
