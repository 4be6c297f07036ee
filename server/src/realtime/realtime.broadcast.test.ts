// Broadcasts reach the clients online, with the real SDK as client: a service conversation's
// broadcast its online subscribers (1.2 and 1.1 forms), a global broadcast every online client.
import { describe, expect, it } from 'vitest';
import type { IMClient, Message } from 'leancloud-realtime';
import { IM, newService, ok } from '../im/test-helpers';
import type { TestServer } from '../test/harness';
import { Event, login, messageWithText, serverPerFile, TextMessage } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
serverPerFile((s) => (t = s), clients);

const rich = (text: string) => JSON.stringify({ _lctype: -1, _lctext: text });
const online = async (id: string) => {
  const c = await login(t, id);
  clients.push(c);
  return c;
};
/** Every message `c` gets from now on, in order. */
function collect(c: IMClient): Message[] {
  const got: Message[] = [];
  c.on(Event.MESSAGE, (m: Message) => got.push(m));
  return got;
}
const text = (m: Message) => (m as TextMessage).getText();

describe('broadcasts to the clients online', () => {
  it("a service conversation's broadcast reaches its online subscribers only, as the service's message", async () => {
    const svc = await newService(t, 'news');
    for (const id of ['bc-sub', 'bc-sub-away'])
      await ok(t, 'POST', `${IM}/service-conversations/${svc}/subscribers`, { body: { client_id: id } });
    const sub = await online('bc-sub');
    const other = await online('bc-other');
    const atOther = collect(other);

    const arrives = messageWithText(sub, 'to subscribers');
    const r = (await ok(t, 'POST', `${IM}/service-conversations/${svc}/broadcasts`, {
      body: { from_client: 'editor', message: rich('to subscribers') },
    })) as { 'msg-id': string; timestamp: number };
    const m = await arrives;
    expect(m).toBeInstanceOf(TextMessage);
    expect({ id: m.id, cid: m.cid, from: m.from, at: m.timestamp.getTime() }).toEqual({
      id: r['msg-id'],
      cid: svc,
      from: 'editor',
      at: r.timestamp,
    });
    const conv = await sub.getConversation(svc);
    expect(conv?.id).toBe(svc);

    // The 1.1 form too.
    const again = messageWithText(sub, 'the 1.1 way');
    await ok(t, 'POST', '/1.1/rtm/broadcast/subscriber', {
      body: { from_peer: 'editor', conv_id: svc, message: rich('the 1.1 way') },
    });
    await again;

    // A client that does not subscribe got nothing: a global broadcast, delivered after both, is its first message.
    const global = messageWithText(other, 'marker');
    await ok(t, 'POST', `${IM}/broadcasts`, {
      body: { from_client: 'editor', conv_id: svc, message: rich('marker') },
    });
    await global;
    expect(atOther.map(text)).toEqual(['marker']);
  });

  it('a global broadcast reaches every online client', async () => {
    const svc = await newService(t, 'everyone');
    const a = await online('gb-a');
    const b = await online('gb-b');
    const both = [messageWithText(a, 'hello all'), messageWithText(b, 'hello all')];
    await ok(t, 'POST', `${IM}/broadcasts`, {
      body: { from_client: 'admin', conv_id: svc, message: rich('hello all') },
    });
    const got = await Promise.all(both);
    expect(got.map((m) => [m.cid, m.from])).toEqual([
      [svc, 'admin'],
      [svc, 'admin'],
    ]);
    // The 1.1 form (from_peer) too.
    const later = messageWithText(a, 'and again');
    await ok(t, 'POST', '/1.1/rtm/broadcast', {
      body: { from_peer: 'admin', conv_id: svc, message: rich('and again') },
    });
    expect((await later).cid).toBe(svc);
  });
});
