// Session tokens are kept in the database: a client resumes with its token on another server of the
// same database, and the token answers GET /1.1/rtm/notifications there too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../app';
import type { Server } from '../app';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { RawClient } from './raw-client';
import { wsUrlOf } from './test-helpers';

let t: TestServer;
let other: Server;
let otherUrl: string;
const raws: RawClient[] = [];

beforeAll(async () => {
  t = await startTestServer();
  other = await createServer({ sql: t.server.sql, keys: TEST_KEYS, logLevel: 'silent' });
  otherUrl = await other.http.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const r of raws) r.close();
  await other.close();
  await t.close();
});

async function connect(url: string): Promise<RawClient> {
  const c = new RawClient(url);
  raws.push(c);
  await c.opened;
  return c;
}
const open = (c: RawClient, i: number, peerId: string, sessionMessage: Record<string, unknown> = {}) =>
  c.call({ cmd: 'session', op: 'open', i, appId: TEST_KEYS.appId, peerId, sessionMessage });

describe('session tokens across servers', () => {
  it('a token from one server resumes the session on another, with its tag; others are refused', async () => {
    const first = await connect(wsUrlOf(t));
    const opened = await open(first, 1, 'tok-a', { tag: 'phone' });
    const st = String((opened.sessionMessage as { st: string }).st);
    first.close();
    await first.closed;

    const second = await connect(`${otherUrl.replace(/^http/, 'ws')}/`);
    const resumed = await open(second, 2, 'tok-a', { st });
    expect(resumed).toMatchObject({ cmd: 'session', op: 'opened', peerId: 'tok-a' });
    // The tag came with the token: a later login with the same tag conflicts this one.
    const closed = (async () => {
      for (;;) {
        const cmd = await second.next();
        if (cmd.cmd === 'session' && cmd.op === 'closed') return cmd;
      }
    })();
    const third = await connect(wsUrlOf(t));
    await open(third, 3, 'tok-a', { tag: 'phone' });
    expect((await closed).sessionMessage).toMatchObject({ code: 4111 });

    const r = await fetch(`${otherUrl}/1.1/rtm/notifications?client_id=tok-a&start_ts=0`, {
      headers: { 'X-LC-Id': TEST_KEYS.appId, 'X-LC-Key': TEST_KEYS.appKey, 'X-LC-IM-Session-Token': st },
    });
    expect(r.status).toBe(200);

    const forged = await open(third, 4, 'tok-b', { st });
    expect(forged).toMatchObject({ cmd: 'error', errorMessage: { code: 4112 } });
    const made = await open(third, 5, 'tok-a', { st: 'not-a-token' });
    expect(made).toMatchObject({ cmd: 'error', errorMessage: { code: 4112 } });
  });
});
