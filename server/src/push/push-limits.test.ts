import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import {
  advance,
  androidDevice,
  deliveries,
  install,
  push,
  record,
  reset,
  setSettings,
  settle,
} from './test-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(() => reset(t));

const send = (
  body: unknown,
  o: { auth?: 'app' | 'master'; path?: string; headers?: Record<string, string> } = {},
) => t.request('POST', o.path ?? '/1.1/push', { auth: o.auth ?? 'master', body, headers: o.headers });

describe('req_id, rate and quotas', () => {
  it('a req_id seen in the last 5 minutes answers the first push and sends nothing more', async () => {
    await install(t, androidDevice({ channels: ['r'] }));
    const first = await send({ channels: ['r'], data: { alert: 'x' }, req_id: 'retry1' });
    const again = await send({ channels: ['r'], data: { alert: 'other' }, req_id: 'retry1' });
    expect(again.json).toEqual(first.json);
    await settle(t);
    expect(await deliveries(t, {})).toHaveLength(1);
    await advance(t, 5 * 60_000 + 1);
    const later = await send({ channels: ['r'], data: { alert: 'x' }, req_id: 'retry1' });
    expect(later.json.objectId).not.toBe(first.json.objectId);
  });

  it('past the calls per minute, every push call gets 429 for a minute, then pushing resumes', async () => {
    await setSettings(t, { pushCallsPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await send({ data: { alert: 'x' } })).status).toBe(200);
    const refused = await send({ data: { alert: 'x' } });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 429, error: expect.stringMatching(/allows 3 a minute/) });
    await advance(t, 59_000);
    expect(
      (
        await send(
          { device_type: 'ios', device_ids: ['a'], data: { alert: 'x' } },
          { path: '/1.1/push/devices' },
        )
      ).status,
    ).toBe(429);
    await advance(t, 1_001);
    expect((await send({ data: { alert: 'x' } })).status).toBe(200);
  });

  it('stops at the daily push targets: the push that reaches it is cut, later ones are refused', async () => {
    await setSettings(t, { pushDailyTargets: 3 });
    for (let i = 0; i < 5; i++) await install(t, androidDevice({ channels: ['d'] }));
    const id = await push(t, { channels: ['d'], data: { alert: 'x' } });
    await settle(t);
    const rec = await record(t, id);
    expect(rec).toMatchObject({ devices: 3, successes: 3 });
    expect(rec.errors).toEqual([expect.stringMatching(/daily limit of 3 push targets is reached/)]);
    const refused = await send({ channels: ['d'], data: { alert: 'x' } });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe(140);
  });

  it('limits the scheduled pushes waiting', async () => {
    await setSettings(t, { scheduledPushLimit: 1 });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await send({ data: { alert: 'x' }, push_time: later })).status).toBe(200);
    const r = await send({ data: { alert: 'x' }, push_time: later });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 140, error: expect.stringMatching(/1 scheduled pushes waiting/) });
  });

  it('refuses settings outside their ranges', async () => {
    for (const patch of [
      { pushCallsPerMinute: 0 },
      { pushCallsPerMinute: 9601 },
      { clientPushForbidden: 'no' },
    ]) {
      const r = await t.request('PUT', '/1.1/switchboard/settings', { auth: 'master', body: patch });
      expect(r.status).toBe(400);
    }
  });
});
