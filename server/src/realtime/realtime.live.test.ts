// REST and realtime as one system, with the real leancloud-realtime SDK as the client: REST sends
// (1.2 and 1.1) reach online clients, kicks close their sessions, the same tag conflicts, offline
// clients get unread notices, edits and recalls reach members, receipts come back.
import { describe, expect, it } from 'vitest';
import type { ConversationBase, IMClient, Message } from 'leancloud-realtime';
import type { TestServer } from '../test/harness';
import { androidDevice, deliveries, install, settle } from '../push/test-helpers';
import { Event, login, nextEvent, nextMessages, serverPerFile, TextMessage } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
const open = async (id: string, opts: Record<string, unknown> = {}) => {
  const c = await login(t, id, opts);
  clients.push(c);
  return c;
};
const text = (m: Message | undefined) => (m as TextMessage).getText();
const master = async (method: string, path: string, body?: unknown) => {
  const r = await t.request(method, path, { auth: 'master', body });
  expect(r.status, r.text).toBeLessThan(300);
  return r.json;
};

serverPerFile((s) => (t = s), clients);

describe('REST reaches the live clients', () => {
  it('a REST send (1.2 and 1.1 forms) reaches both members live', async () => {
    const a = await open('rest-a');
    const b = await open('rest-b');
    const conv = await a.createConversation({ members: ['rest-b'] });
    const atA = nextMessages(a);
    const atB = nextMessages(b);
    const sent = await master('POST', `/1.2/rtm/conversations/${conv.id}/messages`, {
      from_client: 'system',
      message: JSON.stringify({ _lctype: -1, _lctext: 'from REST' }),
    });
    for (const [m] of await Promise.all([atA, atB])) {
      expect(m?.id).toBe(sent['msg-id']);
      expect(text(m)).toBe('from REST');
      expect(m?.from).toBe('system');
    }
    const atB11 = nextMessages(b);
    await master('POST', '/1.1/rtm/messages', {
      from_peer: 'rest-a',
      conv_id: conv.id,
      message: JSON.stringify({ _lctype: -1, _lctext: 'the 1.1 form' }),
    });
    expect(text((await atB11)[0])).toBe('the 1.1 form');
  });

  it('check-online and stats see the sessions; a REST kick closes them with the reason', async () => {
    const k = await open('kick-me');
    expect(
      (await master('POST', '/1.2/rtm/clients/check-online', { client_ids: ['kick-me', 'nobody'] })).results,
    ).toEqual(['kick-me']);
    const stats = (await master('GET', '/1.2/rtm/stats')).result as Record<string, number>;
    expect(stats.online_user_count).toBeGreaterThanOrEqual(1);
    expect(stats.user_count_today).toBeGreaterThanOrEqual(1);
    const closed = nextEvent<{ code: number; reason: string }>(k, Event.CLOSE);
    await master('POST', '/1.2/rtm/clients/kick-me/kick', { reason: 'policy' });
    expect(await closed).toEqual({ code: 4115, reason: 'policy' });
    expect(
      (await master('POST', '/1.2/rtm/clients/check-online', { client_ids: ['kick-me'] })).results,
    ).toEqual([]);
  });

  it('a later login with the same tag closes the earlier one with CONFLICT', async () => {
    const first = await open('tagged', { tag: 'phone' });
    const conflict = nextEvent<{ reason: string }>(first, Event.CONFLICT);
    const other = await open('tagged', { tag: 'web' });
    const second = await open('tagged', { tag: 'phone' });
    expect((await conflict).reason).toMatch(/same tag/);
    // The other tag and the newest login stay online and keep receiving.
    const conv = await second.createConversation({ members: ['tag-peer'] });
    const atOther = nextMessages(other);
    await master('POST', `/1.2/rtm/conversations/${conv.id}/messages`, {
      from_client: 'tag-peer',
      message: JSON.stringify({ _lctype: -1, _lctext: 'still here' }),
    });
    expect(text((await atOther)[0])).toBe('still here');
  });

  it('a client offline during sends gets its unread notice and the messages on reconnect', async () => {
    const a = await open('off-a');
    const b = await open('off-b');
    const conv = await a.createConversation({ members: ['off-b'] });
    await b.close();
    await conv.send(new TextMessage('one'));
    await conv.send(new TextMessage('two'));
    await master('POST', `/1.2/rtm/conversations/${conv.id}/messages`, {
      from_client: 'off-a',
      message: JSON.stringify({ _lctype: -1, _lctext: 'three' }),
    });
    // The notice comes after the session opens; the SDK first fetches its conversations.
    const again = await open('off-b');
    const [c] = await nextEvent<ConversationBase[]>(again, Event.UNREAD_MESSAGES_COUNT_UPDATE);
    expect(c?.id).toBe(conv.id);
    expect(c?.unreadMessagesCount).toBe(3);
    expect(text(c?.lastMessage)).toBe('three');
    const history = await c!.queryMessages({ limit: 10 } as never);
    expect(history.map(text)).toEqual(['one', 'two', 'three']);
    // Reading clears the REST unread count.
    await c!.read();
    await expect.poll(async () => (await master('GET', '/1.2/rtm/clients/off-b/unread-count')).count).toBe(0);
  });
});

describe('edits, recalls and receipts', () => {
  it('the sender modifies and recalls; members get the patches; REST patches arrive too', async () => {
    const a = await open('edit-a');
    const b = await open('edit-b');
    const conv = await a.createConversation({ members: ['edit-b'] });
    const atB = nextMessages(b);
    const sent = await conv.send(new TextMessage('typo'));
    await atB;
    const updated = nextEvent<Message>(b, Event.MESSAGE_UPDATE);
    await conv.update(sent, new TextMessage('fixed'));
    const u = await updated;
    expect(u.id).toBe(sent.id);
    expect(text(u)).toBe('fixed');
    const recalled = nextEvent<Message>(b, Event.MESSAGE_RECALL);
    await conv.recall(sent);
    expect((await recalled).id).toBe(sent.id);
    const history = (await t.request('GET', `/1.2/rtm/conversations/${conv.id}/messages`, { auth: 'master' }))
      .body as Record<string, unknown>[];
    expect(history[0]).toMatchObject({ 'msg-id': sent.id, recalled: true });
    // A REST modify reaches the member as an update.
    const second = await conv.send(new TextMessage('second'));
    const viaRest = nextEvent<Message>(b, Event.MESSAGE_UPDATE);
    await master('PUT', `/1.2/rtm/conversations/${conv.id}/messages/${second.id}`, {
      from_client: 'edit-a',
      timestamp: second.timestamp.getTime(),
      message: JSON.stringify({ _lctype: -1, _lctext: 'edited by the app' }),
    });
    expect(text(await viaRest)).toBe('edited by the app');
  });

  it('a message sent with a receipt gets its delivery receipt when the member acknowledges it', async () => {
    const a = await open('rcp-a');
    const b = await open('rcp-b');
    const conv = await a.createConversation({ members: ['rcp-b'] });
    const delivered = nextEvent(conv as never, Event.LAST_DELIVERED_AT_UPDATE);
    const atB = nextMessages(b);
    await conv.send(new TextMessage('did you get it'), { receipt: true });
    await atB;
    await delivered;
    expect(conv.lastDeliveredAt).toBeInstanceOf(Date);
    await conv.fetchReceiptTimestamps();
    expect(conv.lastDeliveredAt?.getTime()).toBeGreaterThan(0);
  });
});

describe('conversation settings', () => {
  it('a member renames the conversation and mutes it; the REST API shows both', async () => {
    const a = await open('set-a');
    const created = await a.createConversation({ members: ['set-b'], name: 'before' });
    // save, mute and unmute are missing from the SDK's typings.
    const conv = created as unknown as {
      id: string;
      name: string;
      save(): Promise<unknown>;
      mute(): Promise<unknown>;
      unmute(): Promise<unknown>;
    };
    conv.name = 'after';
    await conv.save();
    await conv.mute();
    const [row] = (
      await t.request('GET', '/1.2/rtm/conversations', {
        auth: 'master',
        query: { where: { objectId: conv.id } },
      })
    ).json.results as { name: string; mu: string[] }[];
    expect(row).toMatchObject({ name: 'after', mu: ['set-a'] });
    await conv.unmute();
    const [again] = (
      await t.request('GET', '/1.2/rtm/conversations', {
        auth: 'master',
        query: { where: { objectId: conv.id } },
      })
    ).json.results as { mu: string[] }[];
    expect(again?.mu).toEqual([]);
  });
});

describe('offline push and the live connections', () => {
  it('a message with push_data is pushed to the members offline, not to those online', async () => {
    const on = await open('push-online');
    const installed: Record<string, string> = {};
    for (const c of ['push-online', 'push-offline'])
      installed[c] = await install(t, androidDevice({ channels: [c] }));
    const conv = await on.createConversation({ members: ['push-offline'] });
    const live = nextMessages(on);
    const r = await t.request('POST', `/1.2/rtm/conversations/${conv.id}/messages`, {
      auth: 'master',
      body: { from_client: 'system', message: 'hello', push_data: { alert: 'New message' } },
    });
    expect(r.status, r.text).toBe(200);
    expect((await live)[0]?.id).toBe(r.json['msg-id']);
    await settle(t);
    const reached = await deliveries(t, { installation: installed['push-offline'] ?? '' });
    expect(reached).toHaveLength(1);
    expect(JSON.stringify(reached[0]?.payload)).toContain('New message');
    expect(await deliveries(t, { installation: installed['push-online'] ?? '' })).toEqual([]);
  });
});
