// The history filtered by message type: the SDK's queryMessages({type}) sends `logs` with lctype,
// and gets what the REST history holds of that _lctype, through the real leancloud-realtime SDK.
import { describe, expect, it } from 'vitest';
import type { Conversation, IMClient } from 'leancloud-realtime';
import type { TestServer } from '../test/harness';
import { login, serverPerFile, TextMessage } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
serverPerFile((s) => (t = s), clients);

const master = async (method: string, path: string, body?: unknown) => {
  const r = await t.request(method, path, { auth: 'master', body, query: { limit: '1000' } });
  expect(r.status, r.text).toBe(200);
  return r.body;
};
const restSend = async (cid: string, message: string) =>
  (await master('POST', `/1.2/rtm/conversations/${cid}/messages`, { from_client: 'lt-a', message })) as {
    'msg-id': string;
    timestamp: number;
  };
const typeOf = (data: string): unknown => {
  try {
    return (JSON.parse(data) as { _lctype?: unknown })._lctype;
  } catch {
    return undefined;
  }
};
/** The REST history's ids of `type`, oldest first as `logs` answers them. */
async function restIdsOf(cid: string, type: number): Promise<string[]> {
  const all = (await master('GET', `/1.2/rtm/conversations/${cid}/messages`)) as {
    'msg-id': string;
    data: string;
  }[];
  return all
    .filter((m) => typeOf(m.data) === type)
    .map((m) => m['msg-id'])
    .reverse();
}
const queryIds = async (conv: Conversation, o: Record<string, unknown>) =>
  (await conv.queryMessages(o as never)).map((m) => m.id);

describe('logs by message type', () => {
  it("answers the messages of one _lctype, as the REST history holds them, with the SDK's paging", async () => {
    const a = await login(t, 'lt-a');
    const b = await login(t, 'lt-b');
    clients.push(a, b);
    const conv = await a.createConversation({ members: ['lt-b'] });
    const loc = (n: number) => JSON.stringify({ _lctype: -5, _lcloc: { latitude: n, longitude: n } });
    await conv.send(new TextMessage('text one'));
    const l1 = await restSend(conv.id, loc(1));
    await restSend(conv.id, JSON.stringify({ _lctype: 7, _lctext: 'a type of the app' }));
    await restSend(conv.id, 'plain text, no type');
    await restSend(conv.id, '{"_lctype": -5, not json');
    const l2 = await restSend(conv.id, loc(2));
    const retyped = await conv.send(new TextMessage('text two'));
    const l3 = await restSend(conv.id, loc(3));
    await restSend(conv.id, JSON.stringify({ _lctype: 1.5 }));
    // An edit that changes the type moves the message; a recalled one has no type any more.
    await master('PUT', `/1.2/rtm/conversations/${conv.id}/messages/${retyped.id}`, {
      from_client: 'lt-a',
      timestamp: retyped.timestamp.getTime(),
      message: loc(4),
    });
    await master('PUT', `/1.2/rtm/conversations/${conv.id}/messages/${l1['msg-id']}/recall`, {
      from_client: 'lt-a',
      timestamp: l1.timestamp,
    });

    const bConv = (await b.getConversation(conv.id)) as Conversation;
    const locations = await restIdsOf(conv.id, -5);
    expect(locations).toEqual([l2['msg-id'], retyped.id, l3['msg-id']]);
    expect(await queryIds(bConv, { type: -5, limit: 10 })).toEqual(locations);
    // The newest two, then the page before them by the SDK's start bound.
    const page = await bConv.queryMessages({ type: -5, limit: 2 });
    expect(page.map((m) => m.id)).toEqual(locations.slice(1));
    const first = page[0]!;
    expect(
      await queryIds(bConv, {
        type: -5,
        limit: 2,
        startTime: first.timestamp,
        startMessageId: first.id,
      }),
    ).toEqual(locations.slice(0, 1));
    expect(await queryIds(bConv, { type: 7 })).toEqual(await restIdsOf(conv.id, 7));
    expect(await queryIds(bConv, { type: -1 })).toEqual(await restIdsOf(conv.id, -1));
    expect(await queryIds(bConv, { type: -1 })).toHaveLength(1);
    expect(await queryIds(bConv, { type: 42 })).toEqual([]);
    // Without a type: everything, as before.
    expect(await queryIds(bConv, { limit: 100 })).toHaveLength(9);
  });
});
