// The SDK's getAllMemberInfo / getMemberInfo, which read /1.1/classes/_ConversationMemberInfo over
// REST with the realtime session token (X-LC-IM-Session-Token), through the real leancloud-realtime
// SDK (4.x, in Node): its REST calls go through an HTTPS front, its WebSocket to the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationMemberRole } from 'leancloud-realtime';
import type { Conversation, IMClient } from 'leancloud-realtime';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { RawClient } from './raw-client';
import { httpsFront, login, nextEvent, wsUrlOf } from './test-helpers';

interface MemberInfo {
  memberId: string;
  role: unknown;
  isOwner: boolean;
}

let t: TestServer;
let front: Awaited<ReturnType<typeof httpsFront>>;
const clients: IMClient[] = [];
const open = async (id: string) => {
  const c = await login(t, id, {}, { server: front.server });
  clients.push(c);
  return c;
};
const roles = (infos: MemberInfo[]) =>
  Object.fromEntries(infos.map((i) => [i.memberId, i.role])) as Record<string, unknown>;
/** The `st` of a bare protocol session of `id`. */
async function sessionToken(id: string): Promise<string> {
  const c = new RawClient(wsUrlOf(t));
  await c.opened;
  const opened = await c.call({ cmd: 'session', op: 'open', i: 1, peerId: id, appId: TEST_KEYS.appId });
  c.close();
  return String((opened.sessionMessage as { st: string }).st);
}
const readInfos = (query: Record<string, string>, headers: Record<string, string> = {}, master = false) =>
  t.request('GET', '/1.1/classes/_ConversationMemberInfo', {
    query,
    headers,
    auth: master ? 'master' : 'app',
  });

beforeAll(async () => {
  t = await startTestServer();
  front = await httpsFront(t);
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await front.close();
  await t.close();
});

describe('member infos over REST', () => {
  it('getAllMemberInfo and getMemberInfo answer the roles, and refresh on member_info_changed', async () => {
    const owner = await open('mi-owner');
    const ann = await open('mi-ann');
    const bob = await open('mi-bob');
    const conv = (await owner.createConversation({ members: ['mi-ann', 'mi-bob'] })) as Conversation;
    const annConv = (await ann.getConversation(conv.id)) as Conversation;
    expect(roles(await annConv.getAllMemberInfo({}))).toEqual({
      'mi-owner': 'Owner',
      'mi-ann': 'Member',
      'mi-bob': 'Member',
    });

    const heard = nextEvent<{ member: string; memberInfo: MemberInfo; updatedBy: string }>(
      annConv,
      'memberinfoupdated',
    );
    await conv.updateMemberRole('mi-bob', ConversationMemberRole.MANAGER);
    const notice = await heard;
    expect(notice).toMatchObject({ member: 'mi-bob', updatedBy: 'mi-owner' });
    expect(notice.memberInfo.role).toBe('Manager');

    // A fresh read (no cache) finds the stored role; so does a client that never read before.
    expect(roles(await annConv.getAllMemberInfo({ noCache: true }))).toMatchObject({
      'mi-bob': 'Manager',
      'mi-ann': 'Member',
    });
    const fresh = (await bob.getConversation(conv.id)) as Conversation;
    expect((await fresh.getMemberInfo('mi-bob')).role).toBe('Manager');
    expect((await fresh.getMemberInfo('mi-owner')).isOwner).toBe(true);

    await conv.updateMemberRole('mi-bob', ConversationMemberRole.MEMBER);
    expect(roles(await annConv.getAllMemberInfo({ noCache: true }))['mi-bob']).toBe('Member');
  });

  it('answers only members, with their own session token; the master key reads any', async () => {
    const owner = await open('mi2-owner');
    const conv = (await owner.createConversation({ members: ['mi2-ann'] })) as Conversation;
    await conv.updateMemberRole('mi2-ann', ConversationMemberRole.MANAGER);
    const where = JSON.stringify({ cid: conv.id });
    const annSt = await sessionToken('mi2-ann');
    const ok = await readInfos({ where, client_id: 'mi2-ann' }, { 'X-LC-IM-Session-Token': annSt });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toEqual({
      results: [
        {
          objectId: expect.stringMatching(/^[0-9a-f]{24}$/),
          cid: conv.id,
          clientId: 'mi2-ann',
          role: 'Manager',
        },
      ],
    });

    // Another client's token, no token, a non-member's own token: refused.
    const evilSt = await sessionToken('mi2-eve');
    const stolen = await readInfos({ where, client_id: 'mi2-ann' }, { 'X-LC-IM-Session-Token': evilSt });
    expect(stolen.status).toBe(401);
    expect(stolen.json).toMatchObject({ code: 4112 });
    expect((await readInfos({ where, client_id: 'mi2-ann' })).status).toBe(401);
    const outsider = await readInfos({ where, client_id: 'mi2-eve' }, { 'X-LC-IM-Session-Token': evilSt });
    expect(outsider.status).toBe(403);
    expect(outsider.json).toMatchObject({ code: 4317, error: expect.stringContaining('not a member') });

    const byMaster = await readInfos({ where }, {}, true);
    expect(byMaster.status, byMaster.text).toBe(200);
    expect(byMaster.json).toMatchObject({ results: [{ clientId: 'mi2-ann', role: 'Manager' }] });
  });

  it('a member who leaves loses its role: removed, quit, blocked, or removed over REST', async () => {
    const owner = await open('mi3-owner');
    const quitter = await open('mi3-quit');
    const ids = ['mi3-kicked', 'mi3-quit', 'mi3-blocked', 'mi3-rest', 'mi3-stays'];
    const conv = (await owner.createConversation({ members: ids })) as Conversation;
    for (const id of ids) await conv.updateMemberRole(id, ConversationMemberRole.MANAGER);
    const stored = async () =>
      (
        await t.server.sql.query<{ client_id: string }>(
          'SELECT client_id FROM lc_im_member_roles WHERE conv_id = $1 ORDER BY client_id',
          [conv.id],
        )
      ).map((r) => r.client_id);
    expect(await stored()).toEqual([...ids].sort());

    await conv.remove(['mi3-kicked']);
    await ((await quitter.getConversation(conv.id)) as Conversation).quit();
    await conv.blockMembers(['mi3-blocked']);
    const rest = await t.request('DELETE', `/1.2/rtm/conversations/${conv.id}/members`, {
      auth: 'master',
      body: { client_ids: ['mi3-rest'] },
    });
    expect(rest.status, rest.text).toBe(200);
    expect(await stored()).toEqual(['mi3-stays']);

    // Added again, a former manager is a plain member.
    await conv.add(['mi3-kicked']);
    const infos = await readInfos({ where: JSON.stringify({ cid: conv.id }) }, {}, true);
    expect(infos.json).toEqual({
      results: [expect.objectContaining({ clientId: 'mi3-stays', role: 'Manager' })],
    });
  });

  it('refuses bad queries and writes with a clear 4xx', async () => {
    const cases: [Record<string, string>, number][] = [
      [{}, 400],
      [{ where: '{' }, 400],
      [{ where: '[1]' }, 400],
      [{ where: JSON.stringify({ cid: { $ne: 'x' } }) }, 400],
      [{ where: JSON.stringify({ cid: 'x', role: 'Manager' }) }, 400],
    ];
    for (const [query, status] of cases) {
      const r = await readInfos(query, {}, true);
      expect(r.status, `${JSON.stringify(query)}: ${r.text}`).toBe(status);
      expect(typeof (r.json as { error?: unknown }).error).toBe('string');
    }
    const write = await t.request('POST', '/1.1/classes/_ConversationMemberInfo', {
      auth: 'master',
      body: { cid: 'x', clientId: 'y', role: 'Manager' },
    });
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({ code: 119 });
  });
});
