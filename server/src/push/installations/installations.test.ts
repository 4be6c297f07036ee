import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { advance, androidDevice, install, iosDevice, settle } from '../test-helpers';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const get = async (id: string) => (await t.request('GET', `/1.1/installations/${id}`)).json;
const count = async (where: Record<string, unknown>) =>
  (await t.request('GET', '/1.1/installations', { auth: 'master', query: { where, count: '1', limit: '0' } }))
    .json.count;

describe('Doc 2 installations: create and the device rules', () => {
  it('creates iOS and Android installations with 201, Location and {objectId, createdAt}', async () => {
    for (const body of [iosDevice({ channels: ['a'] }), androidDevice({ channels: ['b'] })]) {
      const r = await t.request('POST', '/1.1/installations', { body });
      expect(r.status).toBe(201);
      expect(Object.keys(r.json).sort()).toEqual(['createdAt', 'objectId']);
      expect(r.headers.get('location')).toBe(`${t.url}/1.1/installations/${String(r.json.objectId)}`);
    }
  });

  it.each([
    [{ installationId: 'x1' }, /deviceType must be "ios" or "android"/],
    [{ deviceType: 'windows', installationId: 'x2' }, /deviceType must be "ios" or "android"/],
    [{ deviceType: 'ios' }, /an ios installation needs a deviceToken/],
    [{ deviceType: 'android', deviceToken: 'abc' }, /an android installation needs a installationId/],
    [{ deviceType: 'android', installationId: '' }, /installationId must not be empty/],
    [{ deviceType: 'android', installationId: 7 }, /installationId must be a string/],
    [{ deviceType: 'ios', deviceToken: 't'.repeat(513) }, /longer than 512/],
    [{ ...androidDevice(), channels: 'news' }, /channels must be an array of strings/],
    [{ ...androidDevice(), channels: ['ok', 3] }, /every channel must be a string/],
    [{ ...androidDevice(), vendor: 'huawei' }, /vendor must be one of HMS, mi, mz, oppo, vivo, honor, fcm/],
    [{ ...androidDevice(), deviceProfile: '1abc' }, /a device profile starts with a letter/],
    [{ ...androidDevice(), deviceProfile: 'has-dash' }, /a device profile starts with a letter/],
    [{ ...iosDevice(), apnsTopic: 5 }, /apnsTopic must be a string/],
    [{ ...iosDevice(), apnsTeamId: {} }, /apnsTeamId must be a string/],
  ])('refuses %j with a 400 naming the rule', async (body, message) => {
    const r = await t.request('POST', '/1.1/installations', { body });
    expect(r.status, r.text).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it('keeps vendor, registrationId, deviceProfile (empty too), apnsTopic, apnsTeamId and custom fields', async () => {
    const fields = { vendor: 'HMS', registrationId: 'reg-1', deviceProfile: '', score: 3, tags: ['x'] };
    const a = await install(t, androidDevice(fields));
    expect(await get(a)).toMatchObject(fields);
    const i = await install(
      t,
      iosDevice({ deviceProfile: 'cert_2', apnsTopic: 'com.example', apnsTeamId: 'T1' }),
    );
    expect(await get(i)).toMatchObject({
      deviceProfile: 'cert_2',
      apnsTopic: 'com.example',
      apnsTeamId: 'T1',
    });
  });

  it('a create naming a known installationId updates that record (200, same objectId), never a second one', async () => {
    const device = androidDevice({ round: 1, channels: ['one'] });
    const id = await install(t, device);
    const again = await t.request('POST', '/1.1/installations', { body: { ...device, round: 2 } });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ objectId: id });
    expect(again.json.updatedAt).toEqual(expect.any(String));
    expect(await get(id)).toMatchObject({ round: 2, channels: ['one'] });
    expect(await count({ installationId: device.installationId })).toBe(1);
  });

  it('a create naming a known deviceToken updates that iOS record', async () => {
    const device = iosDevice({ badge: 1 });
    const id = await install(t, device);
    const again = await t.request('POST', '/1.1/classes/_Installation', { body: { ...device, badge: 5 } });
    expect(again.json.objectId).toBe(id);
    expect(await count({ deviceToken: device.deviceToken })).toBe(1);
    expect((await get(id)).badge).toBe(5);
  });

  it('first saves of a device sent at once make one record, and every save answers it', async () => {
    const devices = Array.from({ length: 10 }, () => androidDevice());
    const replies = await Promise.all(
      devices.flatMap((body) =>
        Array.from({ length: 4 }, () => t.request('POST', '/1.1/installations', { body })),
      ),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(10);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(30);
    expect(new Set(replies.map((r) => r.json.objectId)).size).toBe(10);
    for (const d of devices) expect(await count({ installationId: d.installationId })).toBe(1);
  });

  it("an update cannot take another installation's device id (137) or break the rules (400)", async () => {
    const first = androidDevice();
    await install(t, first);
    const id = await install(t, androidDevice());
    const taken = await t.request('PUT', `/1.1/installations/${id}`, {
      body: { installationId: first.installationId },
    });
    expect(taken.status).toBe(400);
    expect(taken.json.code).toBe(137);
    const bad = await t.request('PUT', `/1.1/installations/${id}`, { body: { deviceType: 'ios' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/needs a deviceToken/);
    const gone = await t.request('PUT', `/1.1/installations/${id}`, {
      body: { deviceType: { __op: 'Delete' } },
    });
    expect(gone.status).toBe(400);
  });
});

describe('Doc 2 installations: channels, updatedAt, query and delete', () => {
  it('channels take Add, AddUnique and Remove', async () => {
    const id = await install(t, iosDevice({ channels: ['a'] }));
    const put = (body: unknown) => t.request('PUT', `/1.1/installations/${id}`, { body });
    expect((await put({ channels: { __op: 'Add', objects: ['b'] } })).status).toBe(200);
    expect((await put({ channels: { __op: 'AddUnique', objects: ['a', 'c'] } })).status).toBe(200);
    expect((await put({ channels: { __op: 'Remove', objects: ['b'] } })).status).toBe(200);
    expect((await get(id)).channels).toEqual(['a', 'c']);
    expect((await put({ channels: { __op: 'Add', objects: [1] } })).json.error).toMatch(
      /every channel must be a string/,
    );
  });

  it('every save refreshes updatedAt, even one that changes nothing', async () => {
    const device = androidDevice();
    const id = await install(t, device);
    const before = (await get(id)).updatedAt;
    await advance(t, 1000);
    await t.request('PUT', `/1.1/installations/${id}`, { body: {} });
    const afterPut = (await get(id)).updatedAt;
    expect(afterPut).not.toBe(before);
    await advance(t, 1000);
    await t.request('POST', '/1.1/installations', { body: device });
    expect((await get(id)).updatedAt).not.toBe(afterPut);
  });

  it('query and delete need the master key, at both paths and in sub-queries', async () => {
    const id = await install(t, androidDevice({ channels: ['subscribers'] }));
    for (const path of ['/1.1/installations', '/1.1/classes/_Installation']) {
      const q = await t.request('GET', path, { query: { where: { channels: 'subscribers' } } });
      expect(q.status).toBe(403);
      expect(q.json.error).toMatch(/_Installation/);
      expect((await t.request('DELETE', `${path}/${id}`)).status).toBe(403);
    }
    await t.request('POST', '/1.1/classes/Owner', { body: { n: 1 } });
    const sub = await t.request('GET', '/1.1/classes/Owner', {
      query: {
        where: { n: { $inQuery: { className: '_Installation', where: { channels: 'subscribers' } } } },
      },
    });
    expect(sub.status).toBe(403);
    const found = await t.request('GET', '/1.1/installations', {
      auth: 'master',
      query: { where: { channels: 'subscribers' } },
    });
    expect((found.json.results as { objectId: string }[]).map((r) => r.objectId)).toEqual([id]);
    expect((await t.request('DELETE', `/1.1/installations/${id}`, { auth: 'master' })).status).toBe(200);
    expect(await get(id)).toEqual({});
  });

  it('a batch element follows the same rules', async () => {
    const device = androidDevice();
    const id = await install(t, device);
    const r = await t.request('POST', '/1.1/batch', {
      body: {
        requests: [
          { method: 'POST', path: '/1.1/installations', body: { ...device, round: 3 } },
          {
            method: 'POST',
            path: '/1.1/classes/_Installation',
            body: { deviceType: 'web', installationId: 'w' },
          },
          { method: 'GET', path: '/1.1/classes/_Installation' },
        ],
      },
    });
    const [updated, refused, query] = r.body as Record<string, { objectId?: string; code?: number }>[];
    expect(updated?.success?.objectId).toBe(id);
    expect(refused?.error?.code).toBe(1);
    expect(query?.error?.code).toBe(403);
  });
});

describe('Doc 2 installations: automatic expiry', () => {
  it('deletes installations not refreshed for 90 days, keeps the others', async () => {
    const stale = await install(t, androidDevice());
    await advance(t, 89 * 86_400_000);
    const fresh = await install(t, androidDevice());
    await advance(t, 2 * 86_400_000);
    // The housekeeping job runs hourly on one of the server processes.
    await advance(t, 3_600_000);
    await settle(t);
    expect(await get(stale)).toEqual({});
    expect((await get(fresh)).objectId).toBe(fresh);
  });
});
