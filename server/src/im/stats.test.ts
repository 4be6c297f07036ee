// The console's messaging overview (GET /1.1/switchboard/im/stats): real leancloud-realtime SDK
// clients log in and are counted online and as users of their day; messages sent through the REST
// API are counted on the UTC day of their timestamp; bad parameters are refused.
import { beforeEach, describe, expect, it } from 'vitest';
import type { IMClient } from 'leancloud-realtime';
import type { TestServer } from '../test/harness';
import { advance, reset } from '../push/test-helpers';
import { login, serverPerFile } from '../realtime/test-helpers';
import { IM, newConversation, send } from './test-helpers';

interface Stats {
  onlineNow: number;
  usersToday: number;
  timeZone: string;
  bucketMinutes: number;
  days: { day: string; users: number; messages: number }[];
  online: { at: string; count: number }[];
}

let t: TestServer;
const clients: IMClient[] = [];
serverPerFile((s) => (t = s), clients);
beforeEach(() => reset(t));

const PATH = '/1.1/switchboard/im/stats';
async function stats(query: Record<string, string> = {}): Promise<Stats> {
  const r = await t.request('GET', PATH, { auth: 'master', query });
  expect(r.status, r.text).toBe(200);
  return r.json.result as Stats;
}
const dayOf = (ts: number) => new Date(ts).toISOString().slice(0, 10);
const onDay = (s: Stats, day: string) => s.days.find((d) => d.day === day);

describe('GET /1.1/switchboard/im/stats', () => {
  it('counts a logged-in SDK client online now, as a user today and in the last online bucket', async () => {
    const before = await stats();
    expect(before).toMatchObject({ onlineNow: 0, usersToday: 0, timeZone: 'UTC', bucketMinutes: 5 });
    const client = await login(t, 'overview-a');
    clients.push(client);
    clients.push(await login(t, 'overview-b'));
    const s = await stats();
    expect(s.onlineNow).toBe(2);
    expect(s.usersToday).toBe(2);
    expect(s.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), users: 2 });
    expect(s.online.at(-1)?.count).toBe(2);
    // rtm/stats (Doc 3) agrees.
    const doc3 = await t.request('GET', '/1.2/rtm/stats', { auth: 'master' });
    expect(doc3.json.result).toEqual({ online_user_count: 2, user_count_today: 2 });

    await client.close();
    await expect.poll(async () => (await stats()).onlineNow).toBe(1);
    const after = await stats();
    // Still a user of today, and the bucket keeps its peak.
    expect(after.usersToday).toBe(2);
    expect(after.online.at(-1)?.count).toBe(2);
  });

  it('counts messages sent through the REST API on the UTC day of their timestamp', async () => {
    const conv = await newConversation(t, { name: 'stats', m: ['x', 'y'] });
    const path = `${IM}/conversations/${conv}/messages`;
    const first = [
      await send(t, path, { from_client: 'x', message: 'one' }),
      await send(t, path, { from_client: 'y', message: 'two' }),
      await send(t, path, { from_client: 'x', message: 'three' }),
    ];
    // Transient messages are not stored, so not counted.
    await send(t, path, { from_client: 'x', message: 'typing', transient: true });
    await advance(t, 86_400_000);
    const second = await send(t, path, { from_client: 'y', message: 'next day' });

    const s = await stats({ days: '7' });
    expect(s.days).toHaveLength(7);
    expect(s.days.at(-1)?.day).toBe(dayOf(second.ts));
    const expected = new Map<string, number>();
    for (const m of [...first, second]) expected.set(dayOf(m.ts), (expected.get(dayOf(m.ts)) ?? 0) + 1);
    for (const [day, n] of expected) expect(onDay(s, day)?.messages, day).toBe(n);
    expect(s.days.reduce((sum, d) => sum + d.messages, 0)).toBe(4);
    // Days run oldest first, one a day, with zeros for quiet days.
    const times = s.days.map((d) => Date.parse(d.day));
    expect(times.slice(1).map((x, i) => x - times[i]!)).toEqual(Array(6).fill(86_400_000));
    expect(s.days[0]).toEqual({ day: s.days[0]!.day, users: 0, messages: 0 });

    // A deleted conversation's messages are no longer stored: today is counted afresh.
    await t.request('DELETE', `${IM}/conversations/${conv}`, { auth: 'master' });
    expect((await stats({ days: '7' })).days.at(-1)?.messages).toBe(0);
  });

  it('defaults to 30 days and accepts 1 to 90', async () => {
    expect((await stats()).days).toHaveLength(30);
    expect((await stats({ days: '1' })).days).toHaveLength(1);
    expect((await stats({ days: '90' })).days).toHaveLength(90);
  });

  it.each([
    [{ days: '0' }, /days must be between 1 and 90/],
    [{ days: '91' }, /days must be between 1 and 90/],
    [{ days: 'week' }, /days must be an integer/],
    [{ days: '1e3' }, /days must be an integer/],
    [{ since: 'yesterday' }, /Unknown parameter since/],
  ])('refuses %o with 400', async (query, message) => {
    const r = await t.request('GET', PATH, { auth: 'master', query });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it('needs the master key', async () => {
    const r = await t.request('GET', PATH, { auth: 'app' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(JSON.stringify(r.json)).not.toContain('onlineNow');
  });
});
