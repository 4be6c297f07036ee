// The updated notice, will messages and conv query's last message, through the real
// leancloud-realtime SDK (4.x, in Node); the will sender is a bare protocol client, so the test
// can drop its connection without a session close.
import { describe, expect, it } from 'vitest';
import type { IMClient, TextMessage as TextMessageT } from 'leancloud-realtime';
import { TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { RawClient } from './raw-client';
import { login, nextEvent, nextMessages, serverPerFile, TextMessage, wsUrlOf } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
const open = async (id: string) => {
  const c = await login(t, id);
  clients.push(c);
  return c;
};
const openRaw = async (id: string) => {
  const c = new RawClient(wsUrlOf(t));
  await c.opened;
  const opened = await c.call({ cmd: 'session', op: 'open', i: 1, peerId: id, appId: TEST_KEYS.appId });
  expect(opened.op).toBe('opened');
  return c;
};
const textOf = (m: unknown) => (m as TextMessageT).getText();
/** A `direct` text from a raw client (typed text, as the SDK sends it), answered by its ack. */
const sendRaw = (c: RawClient, i: number, peerId: string, cid: string, text: string, will = false) =>
  c.call({
    cmd: 'direct',
    i,
    peerId,
    directMessage: {
      cid,
      msg: JSON.stringify({ _lctype: -1, _lctext: text }),
      ...(will ? { will: true } : {}),
    },
  });

serverPerFile((s) => (t = s), clients);

describe('conv update', () => {
  it('tells the other members what changed (INFO_UPDATED), not the one who changed it', async () => {
    const ann = await open('upd-ann');
    const ben = await open('upd-ben');
    const conv = await ann.createConversation({ members: ['upd-ben'], name: 'before' });
    const benConv = await ben.getConversation(conv.id);
    const heard = nextEvent<{ attributes: Record<string, unknown>; updatedBy: string }>(
      benConv,
      'infoupdated',
    );
    let annHeard = false;
    ann.on('conversationinfoupdated', () => (annHeard = true));
    conv.name = 'after';
    await (conv as unknown as { save(): Promise<unknown> }).save();
    const payload = await heard;
    expect(payload.updatedBy).toBe('upd-ann');
    expect(payload.attributes).toMatchObject({ name: 'after' });
    expect(benConv.name).toBe('after');
    // A message after the update reaches ann; had she been told, it would have come first.
    const atAnn = nextMessages(ann);
    await benConv.send(new TextMessage('seen'));
    await atAnn;
    expect(annHeard).toBe(false);
  });
});

describe('will messages', () => {
  it('are held until the connection drops, then delivered and kept in the history', async () => {
    const ben = await open('will-ben');
    const conv = await ben.createConversation({ members: ['will-raw', 'will-cat'] });
    const raw = await openRaw('will-raw');
    const ack = await sendRaw(raw, 2, 'will-raw', conv.id, 'gone away', true);
    expect(ack).toMatchObject({ cmd: 'ack', i: 2 });
    const willId = (ack.ackMessage as { uid: string }).uid;
    // Not delivered yet: the next message ben gets is a plain one sent after it.
    const cat = await openRaw('will-cat');
    const first = nextMessages(ben);
    await sendRaw(cat, 2, 'will-cat', conv.id, 'plain');
    expect((await first).map(textOf)).toEqual(['plain']);
    // The connection drops without session close: the will goes out, with the id the ack gave.
    const atBen = nextMessages(ben);
    raw.ws.terminate();
    const [will] = await atBen;
    expect(textOf(will)).toBe('gone away');
    expect(will?.id).toBe(willId);
    expect(will?.from).toBe('will-raw');
    const history = await conv.queryMessages({ limit: 10 } as Parameters<typeof conv.queryMessages>[0]);
    expect(history.map(textOf)).toEqual(['plain', 'gone away']);
    cat.close();
  });

  it('are dropped when the client closes its session', async () => {
    const ben = await open('will2-ben');
    const conv = await ben.createConversation({ members: ['will2-raw', 'will2-cat'] });
    const raw = await openRaw('will2-raw');
    await sendRaw(raw, 2, 'will2-raw', conv.id, 'should not arrive', true);
    const closed = await raw.call({ cmd: 'session', op: 'close', i: 3, peerId: 'will2-raw' });
    expect(closed.op).toBe('closed');
    raw.ws.terminate();
    await raw.closed;
    const cat = await openRaw('will2-cat');
    const next = nextMessages(ben);
    await sendRaw(cat, 2, 'will2-cat', conv.id, 'after');
    expect((await next).map(textOf)).toEqual(['after']);
    const history = await conv.queryMessages({ limit: 10 } as Parameters<typeof conv.queryMessages>[0]);
    expect(history.map(textOf)).toEqual(['after']);
    cat.close();
  });
});

describe('conv query lastMessage flag', () => {
  it('withLastMessagesRefreshed brings each conversation its newest message', async () => {
    const ann = await open('lm-ann');
    const a = await ann.createConversation({ members: ['lm-x', 'lm-y'], name: 'lm-a' });
    await a.send(new TextMessage('first'));
    const newest = await a.send(new TextMessage('newest'));
    // A second client, with nothing cached, sees them through the query only.
    const again = await open('lm-x');
    const found = await again.getQuery().withLastMessagesRefreshed(true).containsMembers(['lm-x']).find();
    const got = found.find((c) => c.id === a.id);
    expect(got?.lastMessage?.id).toBe(newest.id);
    expect(textOf(got?.lastMessage)).toBe('newest');
    // On the wire (the SDK may also learn the last message from its unread notice at login):
    // the fields come with the flag only.
    const raw = await openRaw('lm-y');
    const ask = async (i: number, flag?: number) => {
      const out = await raw.call({
        cmd: 'conv',
        op: 'query',
        i,
        peerId: 'lm-y',
        convMessage: { where: { data: JSON.stringify({ objectId: a.id }) }, ...(flag ? { flag } : {}) },
      });
      return JSON.parse((out.convMessage as { results: { data: string } }).results.data) as Record<
        string,
        unknown
      >[];
    };
    const [withFlag] = await ask(2, 2);
    expect(withFlag).toMatchObject({
      msg_mid: newest.id,
      msg_from: 'lm-ann',
      msg_timestamp: newest.timestamp.getTime(),
    });
    const [without] = await ask(3);
    expect(without).not.toHaveProperty('msg_mid');
    expect(without).toHaveProperty('m');
    const [compact] = await ask(4, 1);
    expect(compact).not.toHaveProperty('m');
    raw.close();
  });
});
