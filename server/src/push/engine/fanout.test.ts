import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import {
  deliveries,
  freezeClock,
  deliveryCounts,
  install,
  androidDevice,
  push,
  record,
  reset,
  seedInstallations,
  settle,
} from '../test-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
let clock: ReturnType<typeof freezeClock>;
beforeEach(async () => {
  await reset(t);
  clock = freezeClock(t);
});
afterEach(() => clock.restore());

const chunkTimes = async (pushId: string) =>
  (
    await t.server.sql.query<{ run_at: Date }>(
      "SELECT run_at FROM lc_jobs WHERE queue = 'push.chunk' AND group_key = $1 ORDER BY run_at",
      [pushId],
    )
  ).map((r) => r.run_at.getTime());

describe('fan-out', () => {
  it('pages the audience in chunks of 1000 and delivers to each installation once, counts exact', async () => {
    await seedInstallations(t, 2500, (i) => ({ channels: [i % 2 ? 'odd' : 'even'], n: i }));
    const id = await push(t, { where: { n: { $gte: 100 } }, data: { alert: 'all' } });
    await settle(t);
    expect(await record(t, id)).toMatchObject({
      status: 'done',
      devices: 2400,
      successes: 2400,
      lcSuccesses: 2400,
    });
    expect(await deliveryCounts(t, id)).toEqual({ rows: 2400, duplicates: 0 });
    const [push_] = await t.server.sql.query<{ chunks: number }>(
      'SELECT chunks FROM lc_pushes WHERE id = $1',
      [id],
    );
    expect(push_?.chunks).toBe(3);
  });

  it('targets only installations refreshed in the last three months and not marked valid: false', async () => {
    const old = new Date(t.server.clock.now().getTime() - 91 * 86_400_000);
    await seedInstallations(t, 3, () => ({ channels: ['f'] }), old);
    const fresh = await seedInstallations(t, 2, () => ({ channels: ['f'] }));
    await seedInstallations(t, 1, () => ({ channels: ['f'], valid: false }));
    const id = await push(t, { channels: ['f'], data: { alert: 'x' } });
    await settle(t);
    expect(await record(t, id)).toMatchObject({ devices: 2, successes: 2 });
    expect((await deliveries(t, { push: id })).map((d) => d.installation).sort()).toEqual(fresh.sort());
  });

  it('takes every where operator of Doc 1, sub-queries on other classes too', async () => {
    const owner = await t.request('POST', '/1.1/classes/Owner', { body: { vip: true } });
    const ptr = { __type: 'Pointer', className: 'Owner', objectId: owner.json.objectId };
    const a = await install(t, androidDevice({ channels: ['w'], owner: ptr, app: 'Alpha 1' }));
    await install(t, androidDevice({ channels: ['w'], app: 'beta' }));
    const b = await install(t, androidDevice({ channels: ['w'], app: 'ALPHA 2', level: 3 }));
    const where = {
      $or: [
        { owner: { $inQuery: { where: { vip: true }, className: 'Owner' } } },
        { level: { $exists: true } },
      ],
      app: { $regex: '^alpha', $options: 'i' },
    };
    const id = await push(t, { where, channels: ['w'], data: { alert: 'x' } });
    await settle(t);
    expect((await deliveries(t, { push: id })).map((d) => d.installation).sort()).toEqual([a, b].sort());
  });

  it('paces chunks by flow_control (lower values count as 1000)', async () => {
    await seedInstallations(t, 3000, () => ({ channels: ['p'] }));
    const id = await push(t, { channels: ['p'], data: { alert: 'x' }, flow_control: 2000 });
    await settle(t);
    const times = await chunkTimes(id);
    expect(times.map((x) => x - (times[0] ?? 0))).toEqual([0, 500, 1000]);
    const slow = await push(t, { channels: ['p'], data: { alert: 'x' }, flow_control: 10 });
    await settle(t);
    const slowTimes = await chunkTimes(slow);
    expect(slowTimes.map((x) => x - (slowTimes[0] ?? 0))).toEqual([0, 1000, 2000]);
    expect(await record(t, slow)).toMatchObject({ status: 'running', successes: 1000 });
    clock.advance(2000);
    await settle(t);
    expect(await record(t, slow)).toMatchObject({ status: 'done', successes: 3000 });
  });

  it('stops at the expiry: chunks due after it send nothing, and the push ends expired', async () => {
    await seedInstallations(t, 3000, () => ({ channels: ['e'] }));
    const id = await push(t, {
      channels: ['e'],
      data: { alert: 'x' },
      flow_control: 1000,
      expiration_interval: 1.5,
    });
    await settle(t);
    clock.advance(1000);
    await settle(t);
    clock.advance(1000);
    await settle(t);
    expect(await record(t, id)).toMatchObject({ status: 'expired', devices: 3000, successes: 2000 });
    const gone = await push(t, {
      channels: ['e'],
      data: { alert: 'x' },
      expiration_time: new Date(t.server.clock.now().getTime() - 1000).toISOString(),
    });
    await settle(t);
    expect(await record(t, gone)).toMatchObject({ status: 'expired', devices: 0, successes: 0 });
  });

  it('deleting the record of a running push cancels what still waits; a done push only loses its record', async () => {
    await seedInstallations(t, 3000, () => ({ channels: ['c'] }));
    const id = await push(t, { channels: ['c'], data: { alert: 'x' }, flow_control: 1000 });
    await settle(t);
    expect((await t.request('DELETE', `/1.1/notifications/${id}`, { auth: 'master' })).status).toBe(200);
    expect((await t.request('GET', `/1.1/tables/Notifications/${id}`)).status).toBe(404);
    clock.advance(5000);
    await settle(t);
    expect(await deliveryCounts(t, id)).toEqual({ rows: 1000, duplicates: 0 });
    const done = await push(t, { channels: ['c'], data: { alert: 'x' } });
    await settle(t);
    expect((await t.request('DELETE', `/1.1/notifications/${done}`, { auth: 'master' })).status).toBe(200);
    expect(await deliveryCounts(t, done)).toEqual({ rows: 3000, duplicates: 0 });
  });
});

describe('scheduled pushes', () => {
  it('wait until push_time, then fire once; until then they are listed and cancellable', async () => {
    await install(t, androidDevice({ channels: ['s'] }));
    const at = new Date(t.server.clock.now().getTime() + 120_000);
    const id = await push(t, {
      channels: ['s'],
      data: { alert: 'later' },
      push_time: at.toISOString(),
      expiration_interval: 60,
    });
    const other = await push(t, {
      channels: ['s'],
      data: { alert: 'cancelled' },
      push_time: at.toISOString(),
    });
    await settle(t);
    expect(await record(t, id)).toMatchObject({
      status: 'scheduled',
      'push-time': at.toISOString(),
      devices: 0,
    });
    const list = (await t.request('GET', '/1.1/scheduledPushMessages', { auth: 'master' })).json.results as {
      id: number;
      push_msg: { msg: unknown };
    }[];
    expect(list).toHaveLength(2);
    const cancel = list.find((e) => JSON.stringify(e.push_msg.msg).includes('cancelled'));
    expect(
      (await t.request('DELETE', `/1.1/scheduledPushMessages/${cancel?.id}`, { auth: 'master' })).status,
    ).toBe(200);
    expect(
      (await t.request('DELETE', `/1.1/scheduledPushMessages/${cancel?.id}`, { auth: 'master' })).status,
    ).toBe(404);
    expect((await t.request('GET', `/1.1/tables/Notifications/${other}`)).status).toBe(404);
    clock.advance(119_000);
    await settle(t);
    expect((await record(t, id)).status).toBe('scheduled');
    clock.advance(1_000);
    await settle(t);
    // Doc 2 expiration_interval: "counted from push_time".
    expect(await record(t, id)).toMatchObject({
      status: 'done',
      devices: 1,
      successes: 1,
      expiration_time: new Date(at.getTime() + 60_000).toISOString(),
    });
    expect((await t.request('GET', '/1.1/scheduledPushMessages', { auth: 'master' })).json.results).toEqual(
      [],
    );
    const [plans] = await t.server.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM lc_jobs WHERE queue = 'push.plan' AND state = 'done' AND attempts = 1",
    );
    expect(plans?.n).toBe(1);
  });

  it('refuses cancelling an id that is not a waiting scheduled push', async () => {
    for (const id of ['0', '999999', 'abc', '-1', '1e3'])
      expect((await t.request('DELETE', `/1.1/scheduledPushMessages/${id}`, { auth: 'master' })).status).toBe(
        404,
      );
  });
});
