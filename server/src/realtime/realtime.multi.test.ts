// Two server processes on one database (here two servers on one database handle; PGlite offers
// LISTEN/NOTIFY within its process, Postgres between processes): clients on different servers talk,
// a REST send or kick on one reaches a client on the other, online status is the union.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, IMClient } from 'leancloud-realtime';
import { createServer } from '../app';
import type { Server } from '../app';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { Event, messageWithText, nextEvent, Realtime, TextMessage } from './test-helpers';

let t: TestServer;
let other: Server;
let otherUrl: string;
const clients: IMClient[] = [];

const loginAt = async (url: string, id: string, opts: Record<string, unknown> = {}) => {
  const rt = new Realtime({ appId: TEST_KEYS.appId, appKey: TEST_KEYS.appKey, RTMServers: url });
  const c = await rt.createIMClient(id, opts);
  clients.push(c);
  return c;
};
const one = () => `${t.url.replace(/^http/, 'ws')}/`;
const two = () => otherUrl;
const onlineOf = async (ids: string[]) =>
  (await t.request('POST', '/1.2/rtm/clients/check-online', { auth: 'master', body: { client_ids: ids } }))
    .json.results as string[];
const rich = (text: string) => JSON.stringify({ _lctype: -1, _lctext: text });

beforeAll(async () => {
  t = await startTestServer();
  other = await createServer({ sql: t.server.sql, keys: TEST_KEYS, logLevel: 'silent' });
  otherUrl = `${(await other.http.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/`;
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await other.close();
  await t.close();
});

describe('clients on two servers', () => {
  it('exchange messages, and a REST send on one server reaches a client on the other', async () => {
    const a = await loginAt(one(), 'mp-a');
    const b = await loginAt(two(), 'mp-b');
    const conv = await a.createConversation({ members: ['mp-b'] });
    const atB = messageWithText(b, 'across servers');
    const sent = await conv.send(new TextMessage('across servers'));
    expect((await atB).id).toBe(sent.id);
    const back = messageWithText(a, 'and back');
    await (await b.getConversation(conv.id)).send(new TextMessage('and back'));
    await back;
    const viaRest = messageWithText(b, 'rest on server one');
    const r = await t.request('POST', `/1.2/rtm/conversations/${conv.id}/messages`, {
      auth: 'master',
      body: { from_client: 'mp-a', message: rich('rest on server one') },
    });
    expect(r.status).toBe(200);
    await viaRest;
  });

  it('online status is the union; a kick on one server closes the session on the other', async () => {
    const k = await loginAt(two(), 'mp-kick');
    const online = () => onlineOf(['mp-kick', 'mp-nobody']);
    await expect.poll(online).toEqual(['mp-kick']);
    const closed = nextEvent<{ code: number; reason: string }>(k, Event.CLOSE);
    await t.request('POST', '/1.2/rtm/clients/mp-kick/kick', {
      auth: 'master',
      body: { reason: 'elsewhere' },
    });
    expect(await closed).toEqual({ code: 4115, reason: 'elsewhere' });
    await expect.poll(online).toEqual([]);
  });

  it("a chat room's online members and count over REST are the union of both servers", async () => {
    const made = await t.request('POST', '/1.2/rtm/chatrooms', { auth: 'master', body: { name: 'mp-room' } });
    expect(made.status).toBe(200);
    const room = made.json.objectId as string;
    const a = await loginAt(one(), 'mp-room-a');
    const b = await loginAt(two(), 'mp-room-b');
    for (const c of [a, b]) await ((await c.getConversation(room)) as Conversation).join();
    const members = async () =>
      (
        (await t.request('GET', `/1.2/rtm/chatrooms/${room}/members`, { auth: 'master' })).json
          .result as string[]
      ).sort();
    const count = async () =>
      (await t.request('GET', `/1.2/rtm/chatrooms/${room}/members/online-count`, { auth: 'master' })).json
        .result;
    await expect.poll(members).toEqual(['mp-room-a', 'mp-room-b']);
    expect(await count()).toBe(2);
    // conv count (the SDK's count()) is the union too.
    expect(await (await a.getConversation(room)).count()).toBe(2);
    await ((await b.getConversation(room)) as Conversation).quit();
    await expect.poll(members).toEqual(['mp-room-a']);
    await a.close();
    await expect.poll(count).toBe(0);
  });

  it('a login with the same tag on the other server conflicts the first', async () => {
    const first = await loginAt(one(), 'mp-tag', { tag: 'phone' });
    const conflict = nextEvent(first, Event.CONFLICT);
    await loginAt(two(), 'mp-tag', { tag: 'phone' });
    await conflict;
    // Each server records its presence after the login answers: wait until the second login is
    // seen, so the next test's baseline counts it.
    await expect.poll(() => onlineOf(['mp-tag'])).toEqual(['mp-tag']);
  });

  it('the overview counts clients of both servers online now and in the online history', async () => {
    const stats = async () => {
      const r = await t.request('GET', '/1.1/switchboard/im/stats', { auth: 'master', query: { days: '1' } });
      expect(r.status, r.text).toBe(200);
      return r.json.result as { onlineNow: number; online: { count: number }[] };
    };
    const base = (await stats()).onlineNow;
    await loginAt(one(), 'mp-stats-1');
    await loginAt(two(), 'mp-stats-2');
    await expect.poll(async () => (await stats()).onlineNow).toBe(base + 2);
    expect((await stats()).online.at(-1)?.count).toBeGreaterThanOrEqual(base + 2);
  });
});
