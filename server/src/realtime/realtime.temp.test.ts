// Temporary conversations through the real leancloud-realtime SDK (4.x, in Node): created with a
// TTL, messages and history on them, and refused once the server clock passes the TTL.
import { describe, expect, it } from 'vitest';
import type { IMClient, TextMessage as TextMessageT } from 'leancloud-realtime';
import { tableFor } from '../store/tables';
import { TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { sweepExpiredTemporary } from '../im/temp-sweep';
import { RawClient } from './raw-client';
import { login, nextMessages, serverPerFile, TextMessage, wsUrlOf } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
const open = async (id: string) => {
  const c = await login(t, id);
  clients.push(c);
  return c;
};
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: { code?: number }) => e.code,
  );
const advance = async (ms: number) => {
  const r = await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: ms } });
  expect(r.status).toBe(200);
};

serverPerFile((s) => (t = s), clients);

describe('temporary conversations', () => {
  it('are created with a _tmp: id and a TTL, carry messages and history, and expire', async () => {
    const ann = await open('tmp-ann');
    const ben = await open('tmp-ben');
    const conv = await ann.createTemporaryConversation({ members: ['tmp-ben'], ttl: 600 });
    expect(conv.id).toMatch(/^_tmp:/);
    const expiredAt = (conv as unknown as { expiredAt: Date }).expiredAt;
    expect(expiredAt.getTime()).toBeGreaterThan(Date.now() + 590_000);
    expect(expiredAt.getTime()).toBeLessThan(Date.now() + 610_000);
    const atBen = nextMessages(ben);
    const sent = await conv.send(new TextMessage('just for now'));
    const [got] = await atBen;
    expect(got?.id).toBe(sent.id);
    expect(got?.cid).toBe(conv.id);
    // Ben finds it by id (the SDK asks with tempConvIds) and answers.
    const benConv = await ben.getConversation(conv.id);
    expect(benConv?.members.sort()).toEqual(['tmp-ann', 'tmp-ben']);
    await benConv.send(new TextMessage('ok'));
    const history = await conv.queryMessages({ limit: 10 } as Parameters<typeof conv.queryMessages>[0]);
    expect(history.map((m) => (m as TextMessageT).getText())).toEqual(['just for now', 'ok']);
    // Not listed by conversation queries.
    const listed = await ann.getQuery().containsMembers(['tmp-ann']).find();
    expect(listed.map((c) => c.id)).not.toContain(conv.id);
    // Its life is not extended by an update (the SDK has no update for them; the wire does).
    const raw = new RawClient(wsUrlOf(t));
    await raw.opened;
    await raw.call({ cmd: 'session', op: 'open', i: 1, peerId: 'tmp-ben', appId: TEST_KEYS.appId });
    const longer = await raw.call({
      cmd: 'conv',
      op: 'update',
      i: 2,
      peerId: 'tmp-ben',
      convMessage: { cid: conv.id, attr: { data: JSON.stringify({ expireAt: 9e15 }) } },
    });
    expect(longer).toMatchObject({ cmd: 'error', i: 2, errorMessage: { code: 4308 } });
    raw.close();
    // Past its TTL: sending is refused with TEMPORARY_CONVERSATION_EXPIRED, and it is not found.
    await advance(601_000);
    expect(await codeOf(conv.send(new TextMessage('too late')))).toBe(4323);
    const other = await open('tmp-other');
    expect(await other.getConversation(conv.id)).toBeNull();
  });

  it('are deleted with their messages and member rows by the sweep once expired, in batches', async () => {
    const ann = await open('sweep-ann');
    await open('sweep-ben');
    const short = await ann.createTemporaryConversation({ members: ['sweep-ben'], ttl: 60 });
    const long = await ann.createTemporaryConversation({ members: ['sweep-ben'], ttl: 3600 });
    const kept = await ann.createConversation({ members: ['sweep-ben'] });
    for (const c of [short, long, kept])
      for (const text of ['one', 'two', 'three']) await c.send(new TextMessage(text));
    const sql = t.server.sql;
    // The SDK's temporary conversations have no roles or mutes; rows of them are written here.
    await sql.query(
      "INSERT INTO lc_im_member_roles (conv_id, client_id, role) VALUES ($1, 'sweep-ben', 'Manager')",
      [short.id],
    );
    await sql.query("INSERT INTO lc_im_shutup (conv_id, client_id, created_at) VALUES ($1, 'sweep-ben', 0)", [
      short.id,
    ]);
    await sql.query(
      "INSERT INTO lc_im_client_blocks (client_id, conv_id, created_at) VALUES ('sweep-ben', $1, 0)",
      [short.id],
    );
    const rowsOf = async (cid: string) => {
      const n = async (q: string) => (await sql.query<{ n: number }>(q, [cid]))[0]?.n;
      return {
        conv: await n(`SELECT count(*)::int AS n FROM ${tableFor('_Conversation')} WHERE id = $1`),
        messages: await n('SELECT count(*)::int AS n FROM lc_im_messages WHERE conv_id = $1'),
        state: await n('SELECT count(*)::int AS n FROM lc_im_conv_state WHERE conv_id = $1'),
        reads: await n('SELECT count(*)::int AS n FROM lc_im_reads WHERE conv_id = $1'),
        roles: await n('SELECT count(*)::int AS n FROM lc_im_member_roles WHERE conv_id = $1'),
        shutup: await n('SELECT count(*)::int AS n FROM lc_im_shutup WHERE conv_id = $1'),
        clientBlocks: await n('SELECT count(*)::int AS n FROM lc_im_client_blocks WHERE conv_id = $1'),
      };
    };
    expect(await rowsOf(short.id)).toMatchObject({
      conv: 1,
      messages: 3,
      state: 1,
      roles: 1,
      shutup: 1,
      clientBlocks: 1,
    });

    // Nothing of these is expired yet.
    const now = t.server.clock.now().getTime();
    await sweepExpiredTemporary(sql, new Date(now));
    expect((await rowsOf(short.id)).conv).toBe(1);
    // Two minutes on: the short one (and the first test's) go, one conversation and one message a time.
    const removed = await sweepExpiredTemporary(sql, new Date(now + 120_000), {
      conversations: 1,
      messages: 1,
    });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(short.id)).toEqual({
      conv: 0,
      messages: 0,
      state: 0,
      reads: 0,
      roles: 0,
      shutup: 0,
      clientBlocks: 0,
    });
    expect(await rowsOf(long.id)).toMatchObject({ conv: 1, messages: 3, state: 1 });
    expect(await rowsOf(kept.id)).toMatchObject({ conv: 1, messages: 3, state: 1 });
    expect(await sweepExpiredTemporary(sql, new Date(now + 120_000))).toBe(0);

    // The sweep is a recurring job of the server's runner.
    const job = await sql.query("SELECT 1 FROM lc_jobs WHERE queue = 'im.temp-sweep'");
    expect(job.length).toBeGreaterThan(0);
  });

  it('refuses a bad TTL and a temporary chat room with an error command', async () => {
    const c = new RawClient(wsUrlOf(t));
    await c.opened;
    await c.call({ cmd: 'session', op: 'open', i: 1, peerId: 'tmp-raw', appId: TEST_KEYS.appId });
    const bad = await c.call({
      cmd: 'conv',
      op: 'start',
      i: 2,
      peerId: 'tmp-raw',
      convMessage: { m: ['x'], tempConv: true, tempConvTTL: -5 },
    });
    expect(bad).toMatchObject({ cmd: 'error', i: 2, errorMessage: { code: 4401 } });
    const room = await c.call({
      cmd: 'conv',
      op: 'start',
      i: 3,
      peerId: 'tmp-raw',
      convMessage: { transient: true, tempConv: true },
    });
    expect(room.errorMessage).toMatchObject({ code: 4308 });
    const gone = await c.call({
      cmd: 'direct',
      i: 4,
      peerId: 'tmp-raw',
      directMessage: { cid: '_tmp:nothing', msg: 'hi' },
    });
    expect(gone.errorMessage).toMatchObject({ code: 4323 });
    c.close();
  });
});
