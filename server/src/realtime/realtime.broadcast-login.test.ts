// Doc 3 global broadcasts reach the clients that log in later, until valid_till, once each; a
// deleted one no longer, a modified one with its new content. The real SDK is the client.
import { describe, expect, it } from 'vitest';
import type { IMClient, Message } from 'leancloud-realtime';
import { IM, newService, ok } from '../im/test-helpers';
import type { TestServer } from '../test/harness';
import { Event, login, messageWithText, serverPerFile } from './test-helpers';
import type { TextMessage } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
serverPerFile((s) => (t = s), clients);

const rich = (text: string) => JSON.stringify({ _lctype: -1, _lctext: text });
const text = (m: Message) => (m as TextMessage).getText();

/** Logs `id` in, collecting every message it gets from the first one on. */
async function loginCollecting(id: string): Promise<{ c: IMClient; got: Message[] }> {
  const c = await login(t, id);
  clients.push(c);
  const got: Message[] = [];
  c.on(Event.MESSAGE, (m: Message) => got.push(m));
  return { c, got };
}

async function broadcast(svc: string, message: string, extra: Record<string, unknown> = {}) {
  return (await ok(t, 'POST', `${IM}/broadcasts`, {
    body: { from_client: 'admin', conv_id: svc, message: rich(message), ...extra },
  })) as { 'msg-id': string; timestamp: number };
}

/**
 * Everything the login of `c` handed over has arrived once a live broadcast sent afterwards has:
 * the conversation query goes after the login on the connection, and the marker after it.
 */
async function settle(c: IMClient, svc: string, marker: string): Promise<void> {
  await c.getConversation(svc, true);
  const arrives = messageWithText(c, marker);
  await broadcast(svc, marker);
  await arrives;
}

describe('global broadcasts for clients that log in later', () => {
  it('reach a client at its first login after them, once', async () => {
    const svc = await newService(t, 'latecomers');
    const sent = await broadcast(svc, 'for latecomers');
    const first = await login(t, 'bl-late');
    clients.push(first);
    const m = await messageWithText(first, 'for latecomers');
    expect({ id: m.id, cid: m.cid, from: m.from, at: m.timestamp.getTime() }).toEqual({
      id: sent['msg-id'],
      cid: svc,
      from: 'admin',
      at: sent.timestamp,
    });
    await first.close();

    const { c: again, got } = await loginCollecting('bl-late');
    await settle(again, svc, 'marker one');
    expect(got.map(text)).toEqual(['marker one']);
  });

  it('do not come again at the next login of a client that was online when sent', async () => {
    const svc = await newService(t, 'live ones');
    const on = await login(t, 'bl-on');
    clients.push(on);
    // Everything valid so far came at this first login; the next one reaches it live.
    await settle(on, svc, 'marker two');
    const live = messageWithText(on, 'while online');
    const sent = await broadcast(svc, 'while online');
    await live;
    await expect
      .poll(async () => {
        const [row] = await t.server.sql.query<{ ts: string }>(
          "SELECT ts::text AS ts FROM lc_rtm_broadcast_marks WHERE client_id = 'bl-on'",
        );
        return Number(row?.ts ?? 0);
      })
      .toBeGreaterThanOrEqual(sent.timestamp);
    await on.close();

    const { c: again, got } = await loginCollecting('bl-on');
    await settle(again, svc, 'marker three');
    expect(got.map(text)).toEqual(['marker three']);
  });

  it('once deleted no longer reach anyone; once modified reach the others with the new content', async () => {
    const svc = await newService(t, 'changes');
    const gone = await broadcast(svc, 'to be deleted');
    const changed = await broadcast(svc, 'before the change');
    await ok(t, 'DELETE', `${IM}/broadcasts/${gone['msg-id']}`);
    await ok(t, 'PUT', `${IM}/service-conversations/${svc}/messages/${changed['msg-id']}`, {
      body: { from_client: 'admin', message: rich('after the change'), timestamp: changed.timestamp },
    });
    const { c, got } = await loginCollecting('bl-new');
    await settle(c, svc, 'marker four');
    const texts = got.map(text);
    expect(texts).toContain('after the change');
    expect(texts).toContain('for latecomers');
    expect(texts).not.toContain('to be deleted');
    expect(texts).not.toContain('before the change');
    expect(texts.at(-1)).toBe('marker four');
    expect(got.find((m) => text(m) === 'after the change')?.id).toBe(changed['msg-id']);
  });

  it('stop at valid_till', async () => {
    const advance = async (ms: number) => {
      const r = await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: ms } });
      expect(r.status).toBe(200);
    };
    // Past the minute of the broadcasts above (10 a minute), on the server's clock.
    await advance(61_000);
    const svc = await newService(t, 'short-lived');
    const now = Date.now() + 61_000;
    await broadcast(svc, 'short-lived', { valid_till: now + 60_000 });
    await broadcast(svc, 'long-lived', { valid_till: now + 3_600_000 });
    await advance(120_000);
    const { c, got } = await loginCollecting('bl-after');
    await settle(c, svc, 'marker five');
    const texts = got.map(text);
    expect(texts).toContain('long-lived');
    expect(texts).not.toContain('short-lived');
  });
});
