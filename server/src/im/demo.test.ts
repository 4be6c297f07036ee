import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoData } from '../demo/seed';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { seedDemoMessaging } from './demo';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  expect(await seedDemoData(t.server)).toBe(true);
  await seedDemoMessaging(t.server, TEST_KEYS);
});
afterAll(() => t.close());

const get = async (path: string, query: Record<string, string> = {}) => {
  const res = await t.request('GET', path, { auth: 'master', query });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

it('gives the demo users a group with history, a pair, a chat room and a service conversation', async () => {
  const all = (await get('/1.2/rtm/all-conversations', { order: 'createdAt' })) as {
    results: { objectId: string; name: string; m?: string[]; mu?: string[]; tr?: boolean; sys?: boolean }[];
  };
  expect(all.results.map((c) => c.name)).toEqual(['Shop staff', 'alice & bo', 'Deals lobby', 'Shop news']);
  const [group, , room, news] = all.results;
  expect(group!.m).toHaveLength(4);
  expect(group!.mu).toHaveLength(1);
  expect(room!.tr).toBe(true);
  expect(news!.sys).toBe(true);

  const history = (await get(`/1.2/rtm/conversations/${group!.objectId}/messages`, { limit: '1000' })) as {
    data: string;
    'mention-pids'?: string[];
  }[];
  expect(history).toHaveLength(22);
  // The newest message mentions two members, and the history says whom.
  expect(history[0]!['mention-pids']).toHaveLength(2);

  expect(await get(`/1.2/rtm/service-conversations/${news!.objectId}/subscribers/count`)).toEqual({
    count: 4,
  });
  const broadcasts = (await get('/1.2/rtm/broadcasts', { conv_id: news!.objectId })) as { message: string }[];
  expect(broadcasts.map((b) => JSON.parse(b.message) as unknown)).toEqual([
    { _lctype: -1, _lctext: 'Spring sale: 30% off everything.' },
  ]);
});

it('fills the messaging overview: a month of messages and logins, and online clients today', async () => {
  const { result } = (await get('/1.1/switchboard/im/stats', { days: '30' })) as {
    result: { days: { day: string; users: number; messages: number }[]; online: { count: number }[] };
  };
  const past = result.days.slice(0, -1);
  expect(past.slice(1).every((d) => d.messages > 0 && d.users >= 2)).toBe(true);
  expect(new Set(past.map((d) => d.messages)).size).toBeGreaterThan(3);
  expect(result.days.at(-1)!.messages).toBeGreaterThan(20);
  expect(result.online.length).toBeGreaterThan(200);
  expect(Math.max(...result.online.map((p) => p.count))).toBeGreaterThan(0);
  // The pair's history holds the older messages, newest first, as the SDK reads it.
  const pair = (
    (await get('/1.2/rtm/all-conversations', { where: JSON.stringify({ name: 'alice & bo' }) })) as {
      results: { objectId: string }[];
    }
  ).results[0]!;
  const history = (await get(`/1.2/rtm/conversations/${pair.objectId}/messages`, { limit: '1000' })) as {
    timestamp: number;
  }[];
  expect(history.length).toBe(2 + past.reduce((n, d) => n + d.messages, 0));
  expect(history.map((m) => m.timestamp)).toEqual([...history.map((m) => m.timestamp)].sort((x, y) => y - x));
});
