import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { advance, reset, setSettings } from '../push/test-helpers';
import { loginSignature } from './client-routes';
import { history, ids, IM, newConversation, newService, ok, send } from './test-helpers';

// Doc 3 rules the conformance kit cannot see from outside: concurrency, unread counts, the rate
// limit categories, signatures, broadcast validity, `lm` and the `_Conversation` class.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(() => reset(t));

const msgs = (id: string) => `${IM}/conversations/${id}/messages`;

describe('conversations', () => {
  it('concurrent unique creates of one member set make one conversation', async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ok(t, 'POST', `${IM}/conversations`, {
          body: { m: i % 2 ? ['x', 'y'] : ['y', 'x', 'x'], unique: true },
        }),
      ),
    );
    const objectIds = new Set(made.map((b) => (b as { objectId: string }).objectId));
    expect(objectIds.size).toBe(1);
  });

  it('is a _Conversation object: readable at /1.1/classes, lm follows the last message', async () => {
    const id = await newConversation(t, { name: 'n', m: ['a', 'b'] });
    const sent = await send(t, msgs(id), { from_client: 'a', message: 'hi' });
    const row = await t.request('GET', `/1.1/classes/_Conversation/${id}`, { auth: 'master' });
    expect(row.json).toMatchObject({
      name: 'n',
      m: ['a', 'b'],
      mu: [],
      lm: { __type: 'Date', iso: new Date(sent.ts).toISOString() },
    });
  });

  it('members and mutes are added, listed and removed; m is not changed by an update', async () => {
    const id = await newConversation(t, { m: ['a'] });
    await ok(t, 'POST', `${IM}/conversations/${id}/members`, { body: { client_ids: ['b', 'c'] } });
    await ok(t, 'DELETE', `${IM}/conversations/${id}/members`, { body: { client_ids: ['a'] } });
    expect(await ok(t, 'GET', `${IM}/conversations/${id}/members`)).toEqual({ result: ['b', 'c'] });
    await ok(t, 'POST', `${IM}/conversations/${id}/mutes`, { body: { client_ids: ['b'] } });
    expect(await ok(t, 'GET', `${IM}/conversations/${id}/mutes`)).toEqual({ result: ['b'] });
    const r = await t.request('PUT', `${IM}/conversations/${id}`, { auth: 'master', body: { m: ['z'] } });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/members endpoints/);
  });
});

describe('messages', () => {
  it('concurrent sends to one conversation get distinct, increasing timestamps', async () => {
    const id = await newConversation(t, { m: ['a'] });
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(t, msgs(id), { from_client: 'a', message: `m${i}` })),
    );
    expect(new Set(sent.map((s) => s.ts)).size).toBe(20);
    const recs = await history(t, msgs(id), { reversed: true });
    const ts = recs.map((r) => r.timestamp as number);
    expect(ts).toEqual([...ts].sort((x, y) => x - y));
    expect(ids(recs).sort()).toEqual(sent.map((s) => s.id).sort());
  });

  it('a recalled message keeps its place without its content; a transient one is not kept', async () => {
    const id = await newConversation(t, { m: ['a'] });
    const kept = await send(t, msgs(id), { from_client: 'a', message: 'secret' });
    await send(t, msgs(id), { from_client: 'a', message: 'gone', transient: true });
    await ok(t, 'PUT', `${msgs(id)}/${kept.id}/recall`, { body: { from_client: 'a', timestamp: kept.ts } });
    expect(await history(t, msgs(id))).toEqual([
      expect.objectContaining({ 'msg-id': kept.id, data: '', recalled: true }),
    ]);
  });

  it('unread counts: messages of others since joining, per conversation or all', async () => {
    const one = await newConversation(t, { m: ['reader', 'writer'] });
    const two = await newConversation(t, { m: ['reader', 'writer'] });
    await send(t, msgs(one), { from_client: 'writer', message: '1' });
    await send(t, msgs(one), { from_client: 'writer', message: '2' });
    await send(t, msgs(two), { from_client: 'writer', message: '3' });
    const unread = async (c: string, q: Record<string, string> = {}) =>
      (await t.request('GET', `${IM}/clients/${c}/unread-count`, { auth: 'app', query: q })).json.count;
    expect(await unread('reader')).toBe(3);
    expect(await unread('reader', { conv_id: one })).toBe(2);
    expect(await unread('writer')).toBe(0);
    await ok(t, 'POST', `${IM}/conversations/${one}/members`, { body: { client_ids: ['late'] } });
    expect(await unread('late')).toBe(0);
    await send(t, msgs(one), { from_client: 'writer', message: '4' });
    expect(await unread('late')).toBe(1);
  });
});

describe('rate limits (app settings, Doc 3 defaults)', () => {
  it('subscription messages: 429 for a minute past the minute limit, for the day past the daily one', async () => {
    await setSettings(t, { imSubscriptionPerMinute: 2, imSubscriptionPerDay: 3 });
    const svc = await newService(t);
    const cast = () =>
      t.request('POST', `${IM}/service-conversations/${svc}/broadcasts`, {
        auth: 'master',
        body: { from_client: 's', message: 'x' },
      });
    expect((await cast()).status).toBe(200);
    expect((await cast()).status).toBe(200);
    const over = await cast();
    expect(over.status).toBe(429);
    expect(over.json.error).toMatch(/2 a minute/);
    await advance(t, 61_000);
    expect((await cast()).status).toBe(200);
    await advance(t, 61_000);
    const daily = await cast();
    expect(daily.status).toBe(429);
    expect(daily.json.error).toMatch(/3 a day/);
    await advance(t, 61_000);
    expect((await cast()).status).toBe(429);
    // The normal category has its own quota.
    const conv = await newConversation(t, { m: ['a'] });
    await send(t, msgs(conv), { from_client: 'a', message: 'still fine' });
  });

  it('normal messages share one quota across sends, modifies and recalls', async () => {
    await setSettings(t, { imMessagesPerMinute: 2 });
    const conv = await newConversation(t, { m: ['a'] });
    const sent = await send(t, msgs(conv), { from_client: 'a', message: 'x' });
    await ok(t, 'PUT', `${msgs(conv)}/${sent.id}`, {
      body: { from_client: 'a', message: 'y', timestamp: sent.ts },
    });
    const r = await t.request('PUT', `${msgs(conv)}/${sent.id}/recall`, {
      auth: 'master',
      body: { from_client: 'a', timestamp: sent.ts },
    });
    expect(r.status).toBe(429);
  });
});

describe('signatures and broadcasts', () => {
  it('history reads need a valid signature when the app setting is on', async () => {
    const conv = await newConversation(t, { m: ['a'] });
    await send(t, msgs(conv), { from_client: 'a', message: 'x' });
    await setSettings(t, { imHistorySignature: true });
    expect((await t.request('GET', msgs(conv), { auth: 'master' })).status).toBe(401);
    const q = { client_id: 'a', nonce: 'n1', signature_ts: '1700000000000' };
    const signature = createHmac('sha1', TEST_KEYS.masterKey)
      .update(`${TEST_KEYS.appId}:a:${conv}:n1:1700000000000`)
      .digest('hex');
    const bad = await t.request('GET', msgs(conv), {
      auth: 'master',
      query: { ...q, signature: 'f'.repeat(40) },
    });
    expect(bad.status).toBe(401);
    expect(await history(t, msgs(conv), { ...q, signature })).toHaveLength(1);
  });

  it('login signatures verify under the master key and differ on every call', async () => {
    const user = await t.request('POST', '/1.1/users', { body: { username: 'u1', password: 'pw-123456' } });
    const token = user.json.sessionToken as string;
    const a = await t.request('GET', `${IM}/clients/sign`, { query: { session_token: token } });
    const b = await t.request('GET', `${IM}/clients/sign`, { query: { session_token: token } });
    const s = a.json as { client_id: string; timestamp: number; nonce: string; signature: string };
    expect(s.client_id).toBe(user.json.objectId);
    expect(s.signature).toBe(
      loginSignature(TEST_KEYS.masterKey, TEST_KEYS.appId, s.client_id, s.timestamp, s.nonce),
    );
    expect(b.json.signature).not.toBe(s.signature);
    expect((await t.request('GET', `${IM}/clients/sign`, { query: { session_token: 'nope' } })).status).toBe(
      400,
    );
  });

  it('a global broadcast is listed until valid_till, then not; a delete removes it', async () => {
    const svc = await newService(t);
    // The server's clock (tests move it), not this process's.
    const now = Date.parse((await t.request('GET', '/1.1/date')).json.iso as string);
    const a = await send(t, `${IM}/broadcasts`, {
      from_client: 's',
      conv_id: svc,
      message: 'a',
      valid_till: now + 60_000,
    });
    const b = await send(t, `${IM}/broadcasts`, { from_client: 's', conv_id: svc, message: 'b' });
    const listed = async () =>
      ((await ok(t, 'GET', `${IM}/broadcasts`, { query: { conv_id: svc } })) as { 'msg-id': string }[]).map(
        (x) => x['msg-id'],
      );
    expect(await listed()).toEqual([b.id, a.id]);
    await advance(t, 120_000);
    expect(await listed()).toEqual([b.id]);
    await ok(t, 'DELETE', `${IM}/broadcasts/${b.id}`);
    expect(await listed()).toEqual([]);
  });

  it("a client's subscriptions page by (timestamp, conv_id) in both directions", async () => {
    const convs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const svc = await newService(t);
      convs.push(svc);
      await ok(t, 'POST', `${IM}/service-conversations/${svc}/subscribers`, { body: { client_id: 'c' } });
      await advance(t, 2);
    }
    const list = async (q: Record<string, string>) =>
      (await ok(t, 'GET', `${IM}/clients/c/service-conversations`, { query: q })) as {
        conv_id: string;
        timestamp: number;
      }[];
    const all = await list({});
    expect(all.map((e) => e.conv_id)).toEqual(convs);
    expect((await list({ direction: 'old' })).map((e) => e.conv_id)).toEqual([...convs].reverse());
    const first = all[0]!;
    expect(
      (await list({ conv_id: first.conv_id, timestamp: String(first.timestamp) })).map((e) => e.conv_id),
    ).toEqual(convs.slice(1));
  });
});
