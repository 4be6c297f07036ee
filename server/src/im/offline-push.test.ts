import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { androidDevice, deliveries, install, iosDevice, reset, settle } from '../push/test-helpers';
import { IM, newConversation, newService, ok, send } from './test-helpers';

// Doc 3 offline push: push_data of a message (and a broadcast's push) reaches, through the push
// engine and its recorder, the devices of the members who are not online (nobody is, until the
// realtime gateway runs) and not muted, as a push record with from-service "rtm".

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(() => reset(t));

/** One device per client id, tied to it the way LeanCloud's SDKs do: the client id in channels. */
async function devices(clients: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [i, c] of clients.entries())
    out[c] = await install(t, (i % 2 ? androidDevice : iosDevice)({ channels: [c] }));
  return out;
}

async function recordsFrom(service: string): Promise<Record<string, unknown>[]> {
  const r = await t.request('GET', '/1.1/notifications', { auth: 'master', query: { limit: '1000' } });
  expect(r.status, r.text).toBe(200);
  return (r.json.results as Record<string, unknown>[]).filter((x) => x['from-service'] === service);
}

/** The installations the recorder delivered push `id` to. */
async function reached(id: string): Promise<string[]> {
  return (await deliveries(t, { push: id })).map((d) => d.installation ?? '').sort();
}

describe('offline push of a message', () => {
  it('reaches every member but the sender and the muted, as a record from rtm', async () => {
    const dev = await devices(['a', 'b', 'c', 'd', 'outsider']);
    const conv = await newConversation(t, { m: ['a', 'b', 'c', 'd'] });
    await ok(t, 'POST', `${IM}/conversations/${conv}/mutes`, { body: { client_ids: ['c'] } });
    await send(t, `${IM}/conversations/${conv}/messages`, {
      from_client: 'a',
      message: 'hi',
      push_data: { alert: 'New message', badge: 'Increment' },
    });
    await settle(t);
    const [rec, ...more] = await recordsFrom('rtm');
    expect(more).toEqual([]);
    expect(rec).toMatchObject({
      'from-service': 'rtm',
      status: 'done',
      devices: 2,
      data: { alert: 'New message' },
    });
    expect(await reached(String(rec?.objectId))).toEqual([dev.b, dev.d].sort());
    expect(await recordsFrom('push')).toEqual([]);
  });

  it('a string push_data is the alert text (or a JSON object); _profile dev picks the development certificate', async () => {
    await devices(['a', 'b']);
    const conv = await newConversation(t, { m: ['a', 'b'] });
    const path = `${IM}/conversations/${conv}/messages`;
    await send(t, path, { from_client: 'a', message: '1', push_data: 'You have a message' });
    await send(t, path, { from_client: 'a', message: '2', push_data: '{"alert":"json","_profile":"dev"}' });
    await settle(t);
    const recs = await recordsFrom('rtm');
    const byAlert = Object.fromEntries(recs.map((r) => [(r.data as { alert: string }).alert, r]));
    expect(byAlert['You have a message']).toMatchObject({ prod: 'prod' });
    expect(byAlert.json).toMatchObject({ prod: 'dev', data: { alert: 'json' } });
    expect(byAlert.json?.data).not.toHaveProperty('_profile');
  });

  it('no push without push_data, for transient messages, or when every member but the sender is muted', async () => {
    await devices(['a', 'b']);
    const conv = await newConversation(t, { m: ['a', 'b'] });
    const path = `${IM}/conversations/${conv}/messages`;
    await send(t, path, { from_client: 'a', message: 'plain' });
    await send(t, path, { from_client: 'a', message: 't', transient: true, push_data: { alert: 'x' } });
    await ok(t, 'POST', `${IM}/conversations/${conv}/mutes`, { body: { client_ids: ['b'] } });
    await send(t, path, { from_client: 'a', message: 'muted', push_data: { alert: 'x' } });
    await settle(t);
    expect(await recordsFrom('rtm')).toEqual([]);
  });

  it('the 1.1 send (AV.Conversation#send) pushes push_data the same way', async () => {
    const dev = await devices(['a', 'b']);
    const conv = await newConversation(t, { m: ['a', 'b'] });
    await ok(t, 'POST', '/1.1/rtm/messages', {
      body: { from_peer: 'a', conv_id: conv, message: 'hi', push_data: '{"alert":"from 1.1"}' },
    });
    await settle(t);
    const [rec] = await recordsFrom('rtm');
    expect(await reached(String(rec?.objectId))).toEqual([dev.b]);
  });
});

describe('offline push of service conversations and broadcasts', () => {
  it('messages to chosen users reach those users', async () => {
    const dev = await devices(['x', 'y', 'z']);
    const svc = await newService(t);
    await send(t, `${IM}/service-conversations/${svc}/messages`, {
      from_client: 'sys',
      to_clients: ['x', 'z'],
      message: 'hello',
      push_data: { alert: 'for you' },
    });
    await settle(t);
    const [rec] = await recordsFrom('rtm');
    expect(await reached(String(rec?.objectId))).toEqual([dev.x, dev.z].sort());
  });

  it("a service conversation's broadcast push reaches its subscribers", async () => {
    const dev = await devices(['s1', 's2', 'other']);
    const svc = await newService(t);
    for (const c of ['s1', 's2'])
      await ok(t, 'POST', `${IM}/service-conversations/${svc}/subscribers`, { body: { client_id: c } });
    await send(t, `${IM}/service-conversations/${svc}/broadcasts`, {
      from_client: 'sys',
      message: 'news',
      push: { alert: 'News' },
    });
    await settle(t);
    const [rec] = await recordsFrom('rtm');
    expect(await reached(String(rec?.objectId))).toEqual([dev.s1, dev.s2].sort());
  });

  it('a global broadcast push reaches every iOS and Android device', async () => {
    const dev = await devices(['p', 'q']);
    const web = await install(t, { deviceType: 'web', installationId: 'web-device-1' }).catch(
      () => undefined,
    );
    const svc = await newService(t);
    await send(t, `${IM}/broadcasts`, {
      from_client: 'sys',
      conv_id: svc,
      message: 'all',
      push: 'To everyone',
    });
    await settle(t);
    const [rec] = await recordsFrom('rtm');
    const got = await reached(String(rec?.objectId));
    expect(got).toEqual([dev.p, dev.q].sort());
    if (web) expect(got).not.toContain(web);
  });
});
