// A client blocking conversations (LeanCloud's client-block-conversations): no SDK exposes it, so
// the blocking client speaks the protocol (blacklist block / unblock / query with srcPid and
// toCids); the other clients are the real SDK.
import { describe, expect, it } from 'vitest';
import type { Conversation, IMClient } from 'leancloud-realtime';
import { ok } from '../im/test-helpers';
import { TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import type { Command } from './proto/codec';
import { RawClient } from './raw-client';
import { login, messageWithText, serverPerFile, TextMessage, wsUrlOf } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
serverPerFile((s) => (t = s), clients);

const open = async (id: string) => {
  const c = await login(t, id);
  clients.push(c);
  return c;
};

let serial = 100;
async function rawSession(peerId: string): Promise<RawClient> {
  const raw = new RawClient(wsUrlOf(t));
  await raw.opened;
  const opened = await raw.call({ cmd: 'session', op: 'open', i: 1, peerId, appId: TEST_KEYS.appId });
  expect(opened).toMatchObject({ cmd: 'session', op: 'opened' });
  return raw;
}

const blacklist = (raw: RawClient, peerId: string, op: string, fields: Record<string, unknown>) =>
  raw.call({ cmd: 'blacklist', op, i: ++serial, peerId, blacklistMessage: { srcPid: peerId, ...fields } });

/** The text of the next message delivered to `raw`. */
async function nextText(raw: RawClient): Promise<string> {
  for (;;) {
    const c: Command = await raw.next();
    if (c.cmd !== 'direct') continue;
    const msg = (c.directMessage as { msg: string }).msg;
    return (JSON.parse(msg) as { _lctext: string })._lctext;
  }
}

const say = (conv: Conversation, text: string) => conv.send(new TextMessage(text));

describe('a client blocking conversations', () => {
  it('stops their messages on every session of the client until it unblocks them', async () => {
    const carl = await open('cb-carl');
    const ben = await open('cb-ben');
    const ann = await rawSession('cb-ann');
    const blocked = (await carl.createConversation({ members: ['cb-ann', 'cb-ben'] })) as Conversation;
    const other = (await carl.createConversation({ members: ['cb-ann'] })) as Conversation;

    const answer = await blacklist(ann, 'cb-ann', 'block', { toCids: [blocked.id] });
    expect(answer).toMatchObject({
      cmd: 'blacklist',
      op: 'blocked',
      blacklistMessage: { srcPid: 'cb-ann', allowedPids: [blocked.id] },
    });
    // A session opened after the block knows it too (it is stored, not only in this process's memory).
    const later = await rawSession('cb-ann');

    const atBen = messageWithText(ben, 'not for ann');
    await say(blocked, 'not for ann');
    await say(other, 'for ann');
    expect((await atBen).from).toBe('cb-carl');
    // Deliveries keep their order: the blocked conversation's message, sent first, never came.

    expect(await nextText(ann)).toBe('for ann');
    expect(await nextText(later)).toBe('for ann');

    const lifted = await blacklist(ann, 'cb-ann', 'unblock', { toCids: [blocked.id] });
    expect(lifted).toMatchObject({ op: 'unblocked', blacklistMessage: { allowedPids: [blocked.id] } });
    await say(blocked, 'ann again');
    expect(await nextText(ann)).toBe('ann again');
    expect(await nextText(later)).toBe('ann again');
    ann.close();
    later.close();
  });

  it('keeps others from adding the client, which comes back as a 4315 failure', async () => {
    const carl = await open('cb2-carl');
    const ann = await rawSession('cb2-ann');
    const conv = (await carl.createConversation({ members: ['cb2-ben'] })) as Conversation;
    await blacklist(ann, 'cb2-ann', 'block', { toCids: [conv.id] });
    const result = (await conv.add(['cb2-ann', 'cb2-dan'])) as unknown as {
      successfulClientIds: string[];
      failures: { code: number; clientIds: string[] }[];
    };
    expect(result.successfulClientIds).toEqual(['cb2-dan']);
    expect(result.failures).toMatchObject([{ code: 4315, clientIds: ['cb2-ann'] }]);
    expect((await carl.getConversation(conv.id, true)).members.sort()).toEqual([
      'cb2-ben',
      'cb2-carl',
      'cb2-dan',
    ]);
    ann.close();
  });

  it('lists the blocked conversations a page at a time', async () => {
    const carl = await open('cb3-carl');
    const ann = await rawSession('cb3-ann');
    const ids: string[] = [];
    for (const m of ['cb3-x', 'cb3-y', 'cb3-z'])
      ids.push(((await carl.createConversation({ members: [m] })) as Conversation).id);
    await blacklist(ann, 'cb3-ann', 'block', { toCids: ids });
    ids.sort();
    const first = await blacklist(ann, 'cb3-ann', 'query', { limit: 2 });
    expect(first.blacklistMessage).toEqual({ srcPid: 'cb3-ann', blockedCids: ids.slice(0, 2), next: ids[1] });
    const rest = await blacklist(ann, 'cb3-ann', 'query', { limit: 2, next: ids[1] });
    expect(rest.blacklistMessage).toEqual({ srcPid: 'cb3-ann', blockedCids: ids.slice(2) });
    ann.close();
  });

  it('answers bad input with an error command and a usable connection', async () => {
    const carl = await open('cb4-carl');
    const conv = (await carl.createConversation({ members: ['cb4-ben'] })) as Conversation;
    const ann = await rawSession('cb4-ann');
    const forOther = await ann.call({
      cmd: 'blacklist',
      op: 'block',
      i: ++serial,
      peerId: 'cb4-ann',
      blacklistMessage: { srcPid: 'cb4-carl', toCids: [conv.id] },
    });
    expect(forOther.errorMessage).toMatchObject({ code: 4308 });
    expect((forOther.errorMessage as { reason: string }).reason).toMatch(/for itself/);
    expect((await blacklist(ann, 'cb4-ann', 'block', {})).errorMessage).toMatchObject({ code: 4401 });
    const partly = await blacklist(ann, 'cb4-ann', 'block', { toCids: [conv.id, 'no-such-conv'] });
    expect(partly.blacklistMessage).toMatchObject({
      allowedPids: [conv.id],
      failedPids: [{ code: 4303, pids: ['no-such-conv'] }],
    });
    const listed = await blacklist(ann, 'cb4-ann', 'query', {});
    expect(listed.blacklistMessage).toMatchObject({ blockedCids: [conv.id] });
    ann.close();
  });

  it('is kept over REST too (/1.2/rtm/clients/{client_id}/blacklists), live sessions included', async () => {
    const carl = await open('cb5-carl');
    const conv = (await carl.createConversation({ members: ['cb5-ann'] })) as Conversation;
    const other = (await carl.createConversation({ members: ['cb5-ann'] })) as Conversation;
    const ann = await rawSession('cb5-ann');
    const path = '/1.2/rtm/clients/cb5-ann/blacklists';
    await ok(t, 'POST', path, { body: { conv_id: conv.id } });
    expect(await ok(t, 'GET', path)).toEqual({ conv_ids: [conv.id] });
    await say(conv, 'blocked over rest');
    await say(other, 'still here');
    expect(await nextText(ann)).toBe('still here');
    const listed = await blacklist(ann, 'cb5-ann', 'query', {});
    expect(listed.blacklistMessage).toMatchObject({ blockedCids: [conv.id] });

    await ok(t, 'DELETE', path, { body: { conv_id: conv.id } });
    expect(await ok(t, 'GET', path)).toEqual({ conv_ids: [] });
    await say(conv, 'unblocked over rest');
    expect(await nextText(ann)).toBe('unblocked over rest');

    const missing = await t.request('POST', path, { auth: 'master', body: {} });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/conv_id/);
    const unknown = await t.request('POST', path, { auth: 'master', body: { conv_id: 'no-such-conv' } });
    expect(unknown.status).toBe(404);
    const notMaster = await t.request('GET', path, { auth: 'app' });
    expect(notMaster.status).toBeGreaterThanOrEqual(401);
    expect(notMaster.status).toBeLessThan(404);
    ann.close();
  });
});
