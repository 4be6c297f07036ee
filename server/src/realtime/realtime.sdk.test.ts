// The real leancloud-realtime SDK (4.x, in Node) against the gateway, found through RTMServers.
import { describe, expect, it } from 'vitest';
import type { IMClient } from 'leancloud-realtime';
import type { TestServer } from '../test/harness';
import { login, nextMessages, serverPerFile, TextMessage } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
const open = async (id: string, opts: Record<string, unknown> = {}) => {
  const c = await login(t, id, opts);
  clients.push(c);
  return c;
};

serverPerFile((s) => (t = s), clients);

describe('two SDK clients', () => {
  it('log in, create a conversation, exchange messages both ways', async () => {
    const alice = await open('alice');
    const bob = await open('bob');
    const conv = await alice.createConversation({ members: ['bob'], name: 'a and b' });
    expect(conv.id).toMatch(/\w+/);
    const atBob = nextMessages(bob);
    const sent = await conv.send(new TextMessage('hello bob'));
    expect(sent.id).toBeTruthy();
    const [got] = await atBob;
    expect(got?.id).toBe(sent.id);
    expect((got as TextMessage).getText()).toBe('hello bob');
    expect(got?.from).toBe('alice');
    const bobConv = await bob.getConversation(conv.id);
    const atAlice = nextMessages(alice);
    await bobConv.send(new TextMessage('hi alice'));
    const [back] = await atAlice;
    expect((back as TextMessage).getText()).toBe('hi alice');
    // The history through the SDK, oldest first.
    // The typings demand `type` (a filter); the SDK itself does not.
    const history = await conv.queryMessages({ limit: 10 } as Parameters<typeof conv.queryMessages>[0]);
    expect(history.map((m) => (m as TextMessage).getText())).toEqual(['hello bob', 'hi alice']);
  });
});
