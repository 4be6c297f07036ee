// Member roles, shutup and blacklist through the real leancloud-realtime SDK (4.x, in Node); the
// notices members get are read by a bare protocol client where the SDK would fetch more over REST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationBase, IMClient } from 'leancloud-realtime';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { RawClient } from './raw-client';
import type { Command } from './proto/codec';
import { login, nextEvent, TextMessage, wsUrlOf } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
const raws: RawClient[] = [];
const open = async (id: string) => {
  const c = await login(t, id);
  clients.push(c);
  return c;
};
const openRaw = async (id: string) => {
  const c = new RawClient(wsUrlOf(t));
  raws.push(c);
  await c.opened;
  const opened = await c.call({ cmd: 'session', op: 'open', i: 1, peerId: id, appId: TEST_KEYS.appId });
  expect(opened.op).toBe('opened');
  return c;
};
/** The next command `c` receives that `pred` accepts (others pass by). */
async function until(c: RawClient, pred: (cmd: Command) => boolean): Promise<Command> {
  for (;;) {
    const cmd = await c.next();
    if (pred(cmd)) return cmd;
  }
}
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: { code?: number }) => e.code,
  );
type Moderated = ConversationBase & {
  updateMemberRole(id: string, role: string): Promise<unknown>;
  muteMembers(ids: string[]): Promise<{ successfulClientIds: string[]; failures: { code: number }[] }>;
  unmuteMembers(ids: string[]): Promise<{ successfulClientIds: string[] }>;
  queryMutedMembers(o?: { limit?: number; next?: string }): Promise<{ results: string[]; next?: string }>;
  blockMembers(ids: string[]): Promise<{ successfulClientIds: string[] }>;
  unblockMembers(ids: string[]): Promise<{ successfulClientIds: string[] }>;
  queryBlockedMembers(o?: { limit?: number; next?: string }): Promise<{ results: string[]; next?: string }>;
  join(): Promise<unknown>;
  add(ids: string[]): Promise<{ successfulClientIds: string[]; failures: { code: number }[] }>;
};

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  for (const r of raws) r.close();
  await t.close();
});

describe('member roles', () => {
  it('the owner makes a member manager; members hear of it; only owner and managers change roles', async () => {
    const owner = await open('role-owner');
    const mallory = await open('role-mallory');
    const bob = await openRaw('role-bob');
    const conv = (await owner.createConversation({ members: ['role-bob', 'role-mallory'] })) as Moderated;
    const notice = until(bob, (c) => c.op === 'member_info_changed');
    await conv.updateMemberRole('role-mallory', 'Manager');
    expect((await notice).convMessage).toMatchObject({
      cid: conv.id,
      initBy: 'role-owner',
      info: { pid: 'role-mallory', role: 'Manager' },
    });
    // A manager may change roles: mallory makes bob a manager, bob makes mallory a member again.
    const asMallory = (await mallory.getConversation(conv.id)) as Moderated;
    await asMallory.updateMemberRole('role-bob', 'Manager');
    const byBob = await bob.call({
      cmd: 'conv',
      op: 'member_info_update',
      i: 2,
      peerId: 'role-bob',
      convMessage: {
        cid: conv.id,
        targetClientId: 'role-mallory',
        info: { pid: 'role-mallory', role: 'Member' },
      },
    });
    expect(byBob).toMatchObject({ op: 'member_info_updated', i: 2 });
    // A plain member may not (4308); nobody is made owner (5130); the owner stays owner.
    expect(await codeOf(asMallory.updateMemberRole('role-bob', 'Member'))).toBe(4308);
    const owners = await bob.call({
      cmd: 'conv',
      op: 'member_info_update',
      i: 3,
      peerId: 'role-bob',
      convMessage: { cid: conv.id, targetClientId: 'role-bob', info: { pid: 'role-bob', role: 'Owner' } },
    });
    expect(owners).toMatchObject({ cmd: 'error', i: 3, errorMessage: { code: 5130 } });
    const ownConv = conv;
    expect(await codeOf(ownConv.updateMemberRole('role-owner', 'Member'))).toBe(4308);
    expect(await codeOf(ownConv.updateMemberRole('nobody', 'Manager'))).toBe(4317);
    expect(await codeOf(ownConv.updateMemberRole('role-bob', 'Boss'))).toBe(4401);
    await ownConv.updateMemberRole('role-bob', 'Member');
    const demoted = await bob.call({
      cmd: 'conv',
      op: 'member_info_update',
      i: 4,
      peerId: 'role-bob',
      convMessage: {
        cid: conv.id,
        targetClientId: 'role-mallory',
        info: { pid: 'role-mallory', role: 'Manager' },
      },
    });
    expect(demoted).toMatchObject({ cmd: 'error', i: 4, errorMessage: { code: 4308 } });
  });
});

describe('shutup', () => {
  it("a muted member's messages are refused until unmuted; the muted and the others are told", async () => {
    const owner = await open('mute-owner');
    const ann = await open('mute-ann');
    const watcher = await openRaw('mute-watch');
    const conv = (await owner.createConversation({ members: ['mute-ann', 'mute-watch'] })) as Moderated;
    const annConv = (await ann.getConversation(conv.id)) as Moderated;
    // A plain member may not mute.
    expect(await codeOf(annConv.muteMembers(['mute-watch']))).toBe(4308);
    const mutedNotice = nextEvent<{ mutedBy: string }>(ann, 'muted');
    const othersNotice = until(watcher, (c) => c.op === 'members_shutuped');
    const out = await conv.muteMembers(['mute-ann', 'not-a-member']);
    expect(out.successfulClientIds).toEqual(['mute-ann']);
    expect(out.failures.map((f) => f.code)).toEqual([4317]);
    expect((await mutedNotice).mutedBy).toBe('mute-owner');
    expect((await othersNotice).convMessage).toMatchObject({ m: ['mute-ann'], initBy: 'mute-owner' });
    expect(await codeOf(annConv.send(new TextMessage('let me speak')))).toBe(4308);
    expect((await annConv.queryMutedMembers()).results).toEqual(['mute-ann']);
    await conv.unmuteMembers(['mute-ann']);
    expect((await annConv.queryMutedMembers()).results).toEqual([]);
    const sent = await annConv.send(new TextMessage('thanks'));
    expect(sent.id).toBeTruthy();
  });

  it('pages the muted members with next', async () => {
    const owner = await open('page-owner');
    const ids = ['page-a', 'page-b', 'page-c'];
    const conv = (await owner.createConversation({ members: ids })) as Moderated;
    await conv.muteMembers(ids);
    const first = await conv.queryMutedMembers({ limit: 2 });
    expect(first.results).toEqual(['page-a', 'page-b']);
    const second = await conv.queryMutedMembers({ limit: 2, next: first.next });
    expect(second).toMatchObject({ results: ['page-c'] });
    expect(second.next).toBeFalsy();
  });
});

describe('blacklist', () => {
  it('a blocked member is removed, told, and can neither rejoin nor be added until unblocked', async () => {
    const owner = await open('block-owner');
    const eve = await open('block-eve');
    const conv = (await owner.createConversation({ members: ['block-eve', 'block-x'] })) as Moderated;
    const eveConv = (await eve.getConversation(conv.id)) as Moderated;
    expect(await codeOf(eveConv.blockMembers(['block-x']))).toBe(4308);
    const blocked = nextEvent<{ blockedBy: string }>(eve, 'blocked');
    const out = await conv.blockMembers(['block-eve']);
    expect(out.successfulClientIds).toEqual(['block-eve']);
    expect((await blocked).blockedBy).toBe('block-owner');
    const fresh = await owner.getConversation(conv.id, true);
    expect(fresh?.members).toEqual(['block-owner', 'block-x']);
    expect((await conv.queryBlockedMembers()).results).toEqual(['block-eve']);
    expect(await codeOf(eveConv.join())).toBe(4315);
    const readd = await conv.add(['block-eve']);
    expect(readd.successfulClientIds).toEqual([]);
    expect(readd.failures.map((f) => f.code)).toEqual([4315]);
    expect(await codeOf(eveConv.send(new TextMessage('still here?')))).toBe(4401);
    await conv.unblockMembers(['block-eve']);
    expect((await conv.queryBlockedMembers()).results).toEqual([]);
    await eveConv.join();
    expect(eveConv.members).toContain('block-eve');
  });

  it('answers bad blacklist commands with an error command', async () => {
    const c = await openRaw('block-bad');
    const noCid = await c.call({
      cmd: 'blacklist',
      op: 'block',
      i: 2,
      peerId: 'block-bad',
      blacklistMessage: {},
    });
    expect(noCid).toMatchObject({ cmd: 'error', i: 2, errorMessage: { code: 4401 } });
    const gone = await c.call({
      cmd: 'blacklist',
      op: 'block',
      i: 3,
      peerId: 'block-bad',
      blacklistMessage: { srcCid: 'nope', toPids: ['x'] },
    });
    expect(gone.errorMessage).toMatchObject({ code: 4303 });
    const shut = await c.call({
      cmd: 'conv',
      op: 'add_shutup',
      i: 4,
      peerId: 'block-bad',
      convMessage: { cid: 'nope' },
    });
    expect(shut.errorMessage).toMatchObject({ code: 4401 });
  });
});
