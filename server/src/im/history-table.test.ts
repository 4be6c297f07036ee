import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { advance, reset } from '../push/test-helpers';
import { history, ids, IM, newConversation, newRoom, newService, send } from './test-helpers';
import type { Sent } from './test-helpers';

/**
 * Doc 3's worked history rules for m1, m2, m3 (t1 < t2 < t3), each "same plus" row adding one flag
 * to the first row of its group, on every history form: conversation, chat room, a service
 * conversation's subscriber history, one client's messages and the whole app's.
 */
const ROWS = [
  { label: 'start (t3, m3), end (t1, m1)', start: 2, end: 0, flags: {}, expect: [1] },
  { label: '... plus include_start', start: 2, end: 0, flags: { include_start: true }, expect: [2, 1] },
  { label: '... plus include_stop', start: 2, end: 0, flags: { include_stop: true }, expect: [1, 0] },
  {
    label: 'start (t1, m1), end (t3, m3), reversed',
    start: 0,
    end: 2,
    flags: { reversed: true },
    expect: [1],
  },
  {
    label: '... plus include_start',
    start: 0,
    end: 2,
    flags: { reversed: true, include_start: true },
    expect: [0, 1],
  },
  {
    label: '... plus include_stop',
    start: 0,
    end: 2,
    flags: { reversed: true, include_stop: true },
    expect: [1, 2],
  },
];

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await reset(t);
});
afterAll(() => t.close());

/** Sends in order, moving the server clock between sends: messages of different conversations
 * may otherwise share a millisecond, and the table needs t1 < t2 < t3. */
async function inOrder(calls: (() => Promise<Sent>)[]): Promise<Sent[]> {
  const m: Sent[] = [];
  for (const call of calls) {
    m.push(await call());
    await advance(t, 2);
  }
  return m;
}

async function three(path: string, body: Record<string, unknown>): Promise<Sent[]> {
  const m: Sent[] = [];
  for (const text of ['m1', 'm2', 'm3']) m.push(await send(t, path, { ...body, message: text }));
  return m;
}

function walkTable(label: string, setup: () => Promise<{ path: string; m: Sent[] }>) {
  describe(label, () => {
    let ctx: { path: string; m: Sent[] };
    beforeAll(async () => {
      ctx = await setup();
    });
    it('timestamps increase strictly', () => {
      expect(ctx.m[0]!.ts).toBeLessThan(ctx.m[1]!.ts);
      expect(ctx.m[1]!.ts).toBeLessThan(ctx.m[2]!.ts);
    });
    for (const row of ROWS)
      it(`${row.label} -> ${row.expect.map((i) => `m${i + 1}`).join(', ')}`, async () => {
        const { m, path } = ctx;
        const s = m[row.start]!;
        const e = m[row.end]!;
        const recs = await history(t, path, {
          msgid: s.id,
          timestamp: s.ts,
          till_msgid: e.id,
          till_timestamp: e.ts,
          ...row.flags,
        });
        expect(ids(recs)).toEqual(row.expect.map((i) => m[i]!.id));
      });
    it('no parameters: newest first; reversed: oldest first; limit', async () => {
      const all = ctx.m.map((x) => x.id);
      expect(ids(await history(t, ctx.path))).toEqual([...all].reverse());
      expect(ids(await history(t, ctx.path, { reversed: true }))).toEqual(all);
      expect(ids(await history(t, ctx.path, { limit: 2 }))).toEqual([all[2], all[1]]);
    });
  });
}

// One sender per form, so the per-client and app-wide forms see exactly their three messages.
walkTable('conversation', async () => {
  const id = await newConversation(t, { name: 'c', m: ['alice', 'bob'] });
  const path = `${IM}/conversations/${id}/messages`;
  return { path, m: await three(path, { from_client: 'alice' }) };
});

walkTable('chat room', async () => {
  const path = `${IM}/chatrooms/${await newRoom(t)}/messages`;
  return { path, m: await three(path, { from_client: 'roomie' }) };
});

walkTable('service conversation, one subscriber (broadcasts and messages to them)', async () => {
  const svc = await newService(t);
  await send(t, `${IM}/service-conversations/${svc}/messages`, {
    from_client: 'sys',
    to_clients: ['other'],
    message: 'not for sub',
  });
  const base = `${IM}/service-conversations/${svc}`;
  const m = await inOrder([
    () => send(t, `${base}/broadcasts`, { from_client: 'sys', message: 'm1' }),
    () => send(t, `${base}/messages`, { from_client: 'sys', to_clients: ['sub'], message: 'm2' }),
    () => send(t, `${base}/broadcasts`, { from_client: 'sys', message: 'm3' }),
  ]);
  return { path: `${base}/subscribers/sub/messages`, m };
});

walkTable('one client (rtm/clients/{id}/messages), across two conversations', async () => {
  const a = await newConversation(t, { m: ['carol', 'dan'] });
  const b = await newRoom(t);
  await send(t, `${IM}/conversations/${a}/messages`, { from_client: 'dan', message: 'not carol' });
  const m = await inOrder([
    () => send(t, `${IM}/conversations/${a}/messages`, { from_client: 'carol', message: 'm1' }),
    () => send(t, `${IM}/chatrooms/${b}/messages`, { from_client: 'carol', message: 'm2' }),
    () => send(t, `${IM}/conversations/${a}/messages`, { from_client: 'carol', message: 'm3' }),
  ]);
  return { path: `${IM}/clients/carol/messages`, m };
});

walkTable('the whole app (rtm/messages)', async () => {
  await reset(t);
  const a = await newConversation(t, { m: ['erin', 'frank'] });
  const b = await newRoom(t);
  const m = await inOrder([
    () => send(t, `${IM}/conversations/${a}/messages`, { from_client: 'erin', message: 'm1' }),
    () => send(t, `${IM}/chatrooms/${b}/messages`, { from_client: 'frank', message: 'm2' }),
    () => send(t, `${IM}/conversations/${a}/messages`, { from_client: 'frank', message: 'm3' }),
  ]);
  return { path: `${IM}/messages`, m };
});
