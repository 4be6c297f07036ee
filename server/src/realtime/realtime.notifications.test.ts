// GET /1.1/rtm/notifications: the membership notices a client missed while offline, which the SDK
// asks for after a reconnect with its session token (X-LC-IM-Session-Token).
import { describe, expect, it } from 'vitest';
import type { Conversation, IMClient } from 'leancloud-realtime';
import { TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import type { Command } from './proto/codec';
import { RawClient } from './raw-client';
import { login, serverPerFile, wsUrlOf } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
serverPerFile((s) => (t = s), clients);

async function nextConv(c: RawClient, op: string): Promise<Command> {
  for (;;) {
    const cmd = await c.next();
    if (cmd.cmd === 'conv' && cmd.op === op) return cmd;
  }
}

const fetchNotices = (query: Record<string, string>, token?: string) =>
  t.request('GET', '/1.1/rtm/notifications', {
    query,
    headers: token === undefined ? {} : { 'X-LC-IM-Session-Token': token },
  });

describe('notification sync after a reconnect', () => {
  it('answers the conv notices a client missed, after start_ts, as the SDK dispatches them', async () => {
    const a = new RawClient(wsUrlOf(t));
    await a.opened;
    const opened = await a.call({ cmd: 'session', op: 'open', i: 1, appId: TEST_KEYS.appId, peerId: 'nt-a' });
    const st = String((opened.sessionMessage as { st: string }).st);
    const b = await login(t, 'nt-b');
    clients.push(b);
    const conv = (await b.createConversation({ members: ['nt-a'] })) as Conversation;
    const joined = await nextConv(a, 'joined');
    // Live notices carry the server time the SDK syncs from.
    const since = Number(joined.serverTs);
    expect(since).toBeGreaterThan(0);
    a.close();
    await a.closed;

    await conv.add(['nt-c']);
    await conv.remove(['nt-c']);
    const r = await fetchNotices(
      { client_id: 'nt-a', start_ts: String(since), notification_type: 'permanent' },
      st,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({
      hasMore: false,
      notifications: [
        expect.objectContaining({
          cmd: 'conv',
          op: 'members_joined',
          cid: conv.id,
          m: ['nt-c'],
          initBy: 'nt-b',
        }),
        expect.objectContaining({
          cmd: 'conv',
          op: 'members_left',
          cid: conv.id,
          m: ['nt-c'],
          initBy: 'nt-b',
        }),
      ],
    });
    const [first, second] = r.json.notifications as { serverTs: number }[];
    expect(first!.serverTs).toBeGreaterThanOrEqual(since);
    expect(second!.serverTs).toBeGreaterThanOrEqual(first!.serverTs);
    // From the last one seen: nothing more.
    const after = await fetchNotices({ client_id: 'nt-a', start_ts: String(second!.serverTs) }, st);
    expect(after.json).toEqual({ hasMore: false, notifications: [] });

    // Only with the client's own session token, and clear errors for bad input.
    expect((await fetchNotices({ client_id: 'nt-a', start_ts: '0' })).json).toMatchObject({ code: 4112 });
    expect((await fetchNotices({ client_id: 'nt-b', start_ts: '0' }, st)).status).toBe(401);
    const badTs = await fetchNotices({ client_id: 'nt-a', start_ts: 'yesterday' }, st);
    expect(badTs.status).toBe(400);
    expect(badTs.json.error).toMatch(/start_ts/);
    const badType = await fetchNotices({ client_id: 'nt-a', start_ts: '0', notification_type: 'x' }, st);
    expect(badType.status).toBe(400);
    expect((await fetchNotices({ start_ts: '0' }, st)).status).toBe(400);
  });
});
