import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { masterCall, startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/**
 * The messaging area through the console: support moderates, operators broadcast, viewers only
 * read; a write forced past the web app by a role without the right is refused before the
 * upstream, and every allowed write is audited with what it touched.
 */
let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const support = { email: 'support@example.com', password: 'support password 1' };
const operator = { email: 'operator@example.com', password: 'operator password' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };
const api = '/api/apps/default';
let convId = '';

beforeAll(async () => {
  upstream = await startUpstreamServer();
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...support, role: 'support' });
  await createUser(bff.sql, { ...operator, role: 'operator' });
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
  const made = await masterCall(upstream, 'POST', '/1.2/rtm/conversations', { name: 'g', m: ['ann', 'bob'] });
  convId = made.objectId as string;
}, 120_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(user.email, user.password);
  return c;
}

interface Entry {
  action: string;
  result: string;
  target: Record<string, string> | null;
}

async function lastAudit(action: string): Promise<Entry | undefined> {
  const r = await (await as(admin)).call('GET', `/api/audit?action=${action}&limit=1`);
  expect(r.status).toBe(200);
  return (r.json.results as Entry[])[0];
}

describe('messaging through the console', () => {
  it('refuses a kick forced by a viewer and by an operator with 403, and lets support kick', async () => {
    for (const who of [viewer, operator]) {
      const r = await (await as(who)).call('POST', `${api}/1.2/rtm/clients/bob/kick`, { reason: 'spam' });
      expect([r.status, r.json.code]).toEqual([403, 'forbidden']);
    }
    // The refusal itself is audited, with what it aimed at.
    expect(await lastAudit('im.kick')).toMatchObject({ result: 'denied', target: { client: 'bob' } });
    const r = await (await as(support)).call('POST', `${api}/1.2/rtm/clients/bob/kick`, { reason: 'spam' });
    expect(r.status).toBe(200);
    expect(await lastAudit('im.kick')).toMatchObject({ result: 'ok', target: { client: 'bob' } });
  });

  it('refuses a kick reason longer than 20 characters before the upstream', async () => {
    const r = await (
      await as(support)
    ).call('POST', `${api}/1.2/rtm/clients/bob/kick`, {
      reason: 'x'.repeat(21),
    });
    expect(r.status).toBe(400);
  });

  it('lets support send, recall and mute; the recalled message shows recalled upstream', async () => {
    const s = await as(support);
    const sent = await s.call('POST', `${api}/1.2/rtm/conversations/${convId}/messages`, {
      from_client: 'bob',
      message: 'abusive words',
    });
    expect(sent.status).toBe(200);
    const msgId = sent.json['msg-id'] as string;
    const ts = sent.json.timestamp as number;
    const recall = await s.call('PUT', `${api}/1.2/rtm/conversations/${convId}/messages/${msgId}/recall`, {
      from_client: 'bob',
      timestamp: ts,
    });
    expect(recall.status).toBe(200);
    const history = (await masterCall(
      upstream,
      'GET',
      `/1.2/rtm/conversations/${convId}/messages`,
    )) as unknown;
    expect(history).toEqual([expect.objectContaining({ 'msg-id': msgId, recalled: true, data: '' })]);
    expect(await lastAudit('im.recall')).toMatchObject({ target: { conversation: convId, message: msgId } });

    const mute = await s.call('POST', `${api}/1.2/rtm/conversations/${convId}/mutes`, {
      client_ids: ['bob'],
    });
    expect(mute.status).toBe(200);
    const mutes = await masterCall(upstream, 'GET', `/1.2/rtm/conversations/${convId}/mutes`);
    expect(mutes).toEqual({ result: ['bob'] });
    expect(await lastAudit('im.mute')).toMatchObject({ target: { conversation: convId } });
  });

  it('keeps broadcasts to operators: support and viewers get 403', async () => {
    const sys = await masterCall(upstream, 'POST', '/1.2/rtm/service-conversations', { name: 'news' });
    const body = { from_client: 'news', conv_id: sys.objectId, message: 'hello all' };
    for (const who of [support, viewer]) {
      const r = await (await as(who)).call('POST', `${api}/1.2/rtm/broadcasts`, body);
      expect([r.status, r.json.code]).toEqual([403, 'forbidden']);
    }
    const o = await as(operator);
    const made = await o.call('POST', `${api}/1.2/rtm/broadcasts`, body);
    expect(made.status).toBe(200);
    const msgId = made.json['msg-id'] as string;
    const del = await o.call('DELETE', `${api}/1.2/rtm/broadcasts/${msgId}`);
    expect(del.status).toBe(200);
    expect(await lastAudit('im.delete_broadcast')).toMatchObject({ target: { message: msgId } });
  });

  it('lets a viewer read members, history and unread counts but change nothing', async () => {
    const v = await as(viewer);
    expect((await v.call('GET', `${api}/1.2/rtm/conversations/${convId}/members`)).status).toBe(200);
    expect((await v.call('GET', `${api}/1.2/rtm/clients/ann/unread-count`)).status).toBe(200);
    expect((await v.call('GET', `${api}/1.1/rtm/messages/history?convid=${convId}`)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', `/1.2/rtm/conversations/${convId}/members`, { client_ids: ['eve'] }],
      ['DELETE', `/1.2/rtm/conversations/${convId}`, undefined],
      ['POST', `/1.2/rtm/conversations/${convId}/messages`, { from_client: 'ann', message: 'x' }],
    ] as const) {
      const r = await v.call(method, `${api}${path}`, body);
      expect([method, path, r.status]).toEqual([method, path, 403]);
    }
    const members = await masterCall(upstream, 'GET', `/1.2/rtm/conversations/${convId}/members`);
    expect(members).toEqual({ result: ['ann', 'bob'] });
  });

  it('gives every role the overview with the upstream figures; bad periods are refused with 400', async () => {
    const upstreamStats = (await masterCall(upstream, 'GET', '/1.1/switchboard/im/stats?days=7')) as {
      result: { days: { messages: number }[] };
    };
    const stored = upstreamStats.result.days.reduce((n, d) => n + d.messages, 0);
    expect(stored).toBeGreaterThan(0); // the messages the tests above sent
    for (const who of [viewer, support, operator]) {
      const r = await (await as(who)).call('GET', `${api}/1.1/switchboard/im/stats?days=7`);
      expect(r.status).toBe(200);
      const result = r.json.result as { days: { messages: number }[]; onlineNow: number };
      expect(result.days).toHaveLength(7);
      expect(result.days.reduce((n, d) => n + d.messages, 0)).toBe(stored);
    }
    const v = await as(viewer);
    // Refused by the bff's schema, before the upstream.
    for (const q of ['days=week', 'days=1000', 'since=1']) {
      const r = await v.call('GET', `${api}/1.1/switchboard/im/stats?${q}`);
      expect([q, r.status]).toEqual([q, 400]);
    }
    // Passed by the schema, refused by the server with its message.
    const r = await v.call('GET', `${api}/1.1/switchboard/im/stats?days=91`);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json)).toContain('days must be between 1 and 90');
    expect((await new ConsoleClient(bff.url).call('GET', `${api}/1.1/switchboard/im/stats`)).status).toBe(
      401,
    );
  });
});
