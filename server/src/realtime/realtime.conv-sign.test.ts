// Conversation operation signatures (LeanCloud's "对话操作启用签名认证"), through the real
// leancloud-realtime SDK's conversationSignatureFactory and blacklistSignatureFactory: the SDK calls
// them and sends s/t/n with conv start, add, remove and blacklist block / unblock. The expected
// strings are spelled out here from LeanCloud's realtime guide, independently of the server's code.
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Conversation, IMClient } from 'leancloud-realtime';
import { TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { RawClient } from './raw-client';
import { login, serverPerFile, wsUrlOf } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
serverPerFile((s) => (t = s), clients, { realtime: { conversationSignatureRequired: true } });

type Mode = 'good' | 'wrong' | 'seconds';
let mode: Mode = 'good';
const signedMessages: string[] = [];

function sign(parts: (string | number)[]) {
  const seconds = mode === 'seconds';
  const timestamp = seconds ? Math.floor(Date.now() / 1000) : Date.now();
  const nonce = randomBytes(6).toString('hex');
  const msg = [...parts.slice(0, -1), timestamp, nonce, parts[parts.length - 1]].join(':');
  signedMessages.push(msg);
  const signature = createHmac('sha1', TEST_KEYS.masterKey).update(msg).digest('hex');
  return {
    signature: mode === 'wrong' ? signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) : signature,
    timestamp,
    nonce,
  };
}

const appId = TEST_KEYS.appId;
const sorted = (ids: string[]) => [...ids].sort().join(':');
const factories = {
  // The SDK's actions are create / add / remove; the server's are the guide's create / invite / kick.
  conversationSignatureFactory: (cid: string | null, clientId: string, ids: string[], action: string) => {
    if (action === 'create') {
      const timestamp = mode === 'seconds' ? Math.floor(Date.now() / 1000) : Date.now();
      const nonce = randomBytes(6).toString('hex');
      const msg = `${appId}:${clientId}:${sorted(ids)}:${timestamp}:${nonce}`;
      signedMessages.push(msg);
      const s = createHmac('sha1', TEST_KEYS.masterKey).update(msg).digest('hex');
      return { signature: mode === 'wrong' ? s.split('').reverse().join('') : s, timestamp, nonce };
    }
    return sign([appId, clientId, cid ?? '', sorted(ids), action === 'add' ? 'invite' : 'kick']);
  },
  blacklistSignatureFactory: (clientId: string, cid: string, ids: string[], action: string) =>
    sign([appId, clientId, cid, sorted(ids), action]),
};

const open = async (id: string, withFactories = true) => {
  const c = await login(t, id, withFactories ? factories : {});
  clients.push(c);
  return c;
};
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: { code?: number }) => e.code,
  );

describe('conversation operation signatures', () => {
  it('accept create, invite, kick, join, quit, block and unblock signed as the guide says', async () => {
    mode = 'good';
    const owner = await open('cs-owner');
    const ann = await open('cs-ann');
    const conv = (await owner.createConversation({ members: ['cs-bob', 'cs-ann'] })) as Conversation;
    expect(signedMessages.at(-1)).toMatch(/^test-app-id:cs-owner:cs-ann:cs-bob:cs-owner:\d+:[0-9a-f]+$/);
    await conv.add(['cs-dan', 'cs-cat']);
    expect(signedMessages.at(-1)).toMatch(
      new RegExp(`^test-app-id:cs-owner:${conv.id}:cs-cat:cs-dan:\\d+:[0-9a-f]+:invite$`),
    );
    await conv.remove(['cs-dan']);
    expect(signedMessages.at(-1)).toMatch(/:cs-dan:\d+:[0-9a-f]+:kick$/);
    await conv.blockMembers(['cs-cat']);
    expect(signedMessages.at(-1)).toMatch(/:cs-cat:\d+:[0-9a-f]+:conversation-block-clients$/);
    await conv.unblockMembers(['cs-cat']);
    expect(signedMessages.at(-1)).toMatch(/:conversation-unblock-clients$/);
    const annConv = (await ann.getConversation(conv.id)) as Conversation;
    // A timestamp in seconds (as LeanCloud's own signing demo makes them) is accepted too.
    mode = 'seconds';
    await annConv.quit();
    await annConv.join();
    expect((await owner.getConversation(conv.id, true)).members.sort()).toEqual([
      'cs-ann',
      'cs-bob',
      'cs-owner',
    ]);
  });

  it('refuse a wrong or missing signature with CONVERSATION_SIGNATURE_FAILED (4302)', async () => {
    mode = 'good';
    const owner = await open('cs2-owner');
    const conv = (await owner.createConversation({ members: ['cs2-ann'] })) as Conversation;
    mode = 'wrong';
    expect(await codeOf(owner.createConversation({ members: ['cs2-ann'] }))).toBe(4302);
    expect(await codeOf(conv.add(['cs2-bob']))).toBe(4302);
    expect(await codeOf(conv.remove(['cs2-ann']))).toBe(4302);
    expect(await codeOf(conv.blockMembers(['cs2-ann']))).toBe(4302);
    expect(await codeOf(conv.unblockMembers(['cs2-ann']))).toBe(4302);
    mode = 'good';
    expect((await owner.getConversation(conv.id, true)).members.sort()).toEqual(['cs2-ann', 'cs2-owner']);
    // Unsigned, or signed for other members, or replayed for another action: refused.
    const unsigned = await open('cs2-plain', false);
    expect(await codeOf(unsigned.createConversation({ members: ['cs2-ann'] }))).toBe(4302);
    const raw = new RawClient(wsUrlOf(t));
    await raw.opened;
    await raw.call({ cmd: 'session', op: 'open', i: 1, peerId: 'cs2-owner', appId });
    const forZed = factories.conversationSignatureFactory(conv.id, 'cs2-owner', ['cs2-zed'], 'add');
    const signed = { s: forZed.signature, t: forZed.timestamp, n: forZed.nonce };
    const add = (i: number, op: string, m: string[]) =>
      raw.call({ cmd: 'conv', op, i, peerId: 'cs2-owner', convMessage: { cid: conv.id, m, ...signed } });
    expect((await add(2, 'add', ['cs2-bob'])).errorMessage).toMatchObject({ code: 4302 });
    expect((await add(3, 'remove', ['cs2-zed'])).errorMessage).toMatchObject({ code: 4302 });
    expect(await add(4, 'add', ['cs2-zed'])).toMatchObject({ cmd: 'conv', op: 'added' });
    raw.close();
  });

  it("sign a client's block of conversations as appid:clientid:convid::timestamp:nonce:action", async () => {
    mode = 'good';
    const owner = await open('cs3-owner');
    const conv = (await owner.createConversation({ members: ['cs3-ann'] })) as Conversation;
    const raw = new RawClient(wsUrlOf(t));
    await raw.opened;
    await raw.call({ cmd: 'session', op: 'open', i: 1, peerId: 'cs3-ann', appId });
    // No SDK signs this action; the guide's form has no members (the empty field between convid
    // and timestamp).
    const signed = (action: string, cid = conv.id) => {
      const { signature, timestamp, nonce } = sign([appId, 'cs3-ann', cid, '', action]);
      return { s: signature, t: timestamp, n: nonce };
    };
    let i = 1;
    const block = (op: string, extra: Record<string, unknown>) =>
      raw.call({
        cmd: 'blacklist',
        op,
        i: ++i,
        peerId: 'cs3-ann',
        blacklistMessage: { srcPid: 'cs3-ann', toCids: [conv.id], ...extra },
      });
    expect((await block('block', {})).errorMessage).toMatchObject({ code: 4302 });
    expect((await block('block', signed('client-unblock-conversations'))).errorMessage).toMatchObject({
      code: 4302,
    });
    expect((await block('block', signed('client-block-conversations', 'other'))).errorMessage).toMatchObject({
      code: 4302,
    });
    expect(await block('block', signed('client-block-conversations'))).toMatchObject({
      op: 'blocked',
      blacklistMessage: { allowedPids: [conv.id] },
    });
    expect(signedMessages.at(-1)).toMatch(
      new RegExp(`^test-app-id:cs3-ann:${conv.id}::\\d+:[0-9a-f]+:client-block-conversations$`),
    );
    expect((await block('unblock', {})).errorMessage).toMatchObject({ code: 4302 });
    expect(await block('unblock', signed('client-unblock-conversations'))).toMatchObject({ op: 'unblocked' });
    raw.close();
  });
});
