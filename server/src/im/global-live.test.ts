// A global broadcast reaches the clients online when it is sent (real leancloud-realtime SDK),
// and stays in the history for those who come later.
import { describe, expect, it } from 'vitest';
import type { IMClient, TextMessage } from 'leancloud-realtime';
import type { TestServer } from '../test/harness';
import { login, nextMessages, serverPerFile } from '../realtime/test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
const master = async (method: string, path: string, body?: unknown) => {
  const r = await t.request(method, path, { auth: 'master', body });
  expect(r.status, r.text).toBeLessThan(300);
  return r.json;
};

serverPerFile((s) => (t = s), clients);

describe('global broadcasts', () => {
  it('reach every client online, subscriber or not, from the service conversation', async () => {
    const news = await master('POST', '/1.2/rtm/service-conversations', { name: 'News' });
    for (const id of ['gb-a', 'gb-b']) clients.push(await login(t, id));
    const arrive = clients.map((c) => nextMessages(c));
    const sent = await master('POST', '/1.2/rtm/broadcasts', {
      from_client: 'shop',
      conv_id: news.objectId,
      message: JSON.stringify({ _lctype: -1, _lctext: 'sale today' }),
    });
    for (const [m] of await Promise.all(arrive)) {
      expect(m?.id).toBe(sent['msg-id']);
      expect(m?.cid).toBe(news.objectId);
      expect(m?.from).toBe('shop');
      expect((m as TextMessage).getText()).toBe('sale today');
    }
    // The harness's `json` holds objects only; the list is an array.
    const kept = await t.request('GET', '/1.2/rtm/broadcasts', {
      auth: 'master',
      query: { conv_id: String(news.objectId) },
    });
    expect(JSON.parse(kept.text)).toEqual([expect.objectContaining({ 'msg-id': sent['msg-id'] })]);
  });
});
