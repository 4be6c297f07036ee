import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { freezeClock, reset, setSettings } from '../push/test-helpers';
import { IM, newConversation, newService, send } from './test-helpers';

// Doc 3 normal-message limit as a process counts it: in leases of the shared count (a twentieth of
// the minute limit), with the same outcome as counting every call in the database.

let t: TestServer;
let clock: ReturnType<typeof freezeClock>;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(async () => {
  await reset(t);
  // One minute for the whole test, however slowly the machine runs it.
  clock = freezeClock(t);
});
afterEach(() => clock.restore());

const sendTo = (conv: string, i: number) =>
  t.request('POST', `${IM}/conversations/${conv}/messages`, {
    auth: 'master',
    body: { from_client: 'a', message: `m${i}` },
  });

const statuses = async (conv: string, n: number, atOnce: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i += atOnce)
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(atOnce, n - i) }, (_, k) => sendTo(conv, i + k).then((r) => r.status)),
      )),
    );
  return out;
};

describe('normal messages per minute', () => {
  it('accepts exactly the limit in a minute, sent 8 at once, then refuses for a minute', async () => {
    await setSettings(t, { imMessagesPerMinute: 45 });
    const conv = await newConversation(t, { m: ['a', 'b'] });
    const got = await statuses(conv, 53, 8);
    expect(got.filter((s) => s === 200)).toHaveLength(45);
    expect(got.filter((s) => s === 429)).toHaveLength(8);
    clock.advance(59_000);
    expect((await sendTo(conv, 99)).status).toBe(429);
    clock.advance(2_000);
    expect((await sendTo(conv, 100)).status).toBe(200);
  });

  it('a lower limit set within the minute counts the calls already made, not the ones held', async () => {
    const conv = await newConversation(t, { m: ['a', 'b'] });
    // At the default (1800) the process holds a lease of 90 calls after the first send.
    expect(await statuses(conv, 3, 1)).toEqual([200, 200, 200]);
    await setSettings(t, { imMessagesPerMinute: 5 });
    expect(await statuses(conv, 3, 1)).toEqual([200, 200, 429]);
  });

  it('a send to a missing conversation is a 404 and does not count', async () => {
    await setSettings(t, { imMessagesPerMinute: 2 });
    const conv = await newConversation(t, { m: ['a', 'b'] });
    for (let i = 0; i < 3; i++) expect((await sendTo('nope', i)).status).toBe(404);
    expect(await statuses(conv, 3, 1)).toEqual([200, 200, 429]);
  });

  it('timestamps stay unique and increasing under concurrent sends', async () => {
    const conv = await newConversation(t, { m: ['a', 'b'] });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sendTo(conv, i)));
    const ts = answers.map((r) => r.json.timestamp as number);
    expect(new Set(ts).size).toBe(20);
    const page = await t.request('GET', `${IM}/conversations/${conv}/messages`, {
      auth: 'master',
      query: { reversed: 'true', limit: '100' },
    });
    const stored = (page.body as { timestamp: number }[]).map((m) => m.timestamp);
    expect(stored).toEqual([...ts].sort((x, y) => x - y));
    const listed = await t.request('GET', `/1.1/classes/_Conversation/${conv}`, { auth: 'master' });
    expect(listed.json.lm).toEqual({ __type: 'Date', iso: new Date(Math.max(...ts)).toISOString() });
  });
});

describe('changes to a message count in its category', () => {
  it('modifying a subscription broadcast counts as a subscription message, not a normal one', async () => {
    await setSettings(t, { imSubscriptionPerMinute: 2, imMessagesPerMinute: 1 });
    const svc = await newService(t);
    const cast = await send(t, `${IM}/service-conversations/${svc}/broadcasts`, {
      from_client: 's',
      message: 'v1',
    });
    const modify = () =>
      t.request('PUT', `${IM}/service-conversations/${svc}/messages/${cast.id}`, {
        auth: 'master',
        body: { from_client: 's', message: 'v2', timestamp: cast.ts },
      });
    expect((await modify()).status).toBe(200);
    expect((await modify()).status).toBe(429);
    const conv = await newConversation(t, { m: ['a', 'b'] });
    expect((await sendTo(conv, 1)).status).toBe(200);
  });
});
