// Will messages outlive the process holding them: they are stored under its node, and a live
// process sends the wills of a node that stopped beating (here a node that never beat, as a
// process killed before its first beat would leave; the kill -9 of a real second process is in
// realtime.processes.test.ts, Postgres only). A shutdown sends the wills of its connections.
import { describe, expect, it } from 'vitest';
import type { IMClient, TextMessage as TextMessageT } from 'leancloud-realtime';
import { newMessageId } from '../im/messages';
import { TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { RawClient } from './raw-client';
import { login, messageWithText, serverPerFile, wsUrlOf } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
// A node silent for a second is gone, and the sweep runs every half second.
serverPerFile((s) => (t = s), clients, { realtime: { nodeTimeoutMs: 1000 } });

const rich = (text: string) => JSON.stringify({ _lctype: -1, _lctext: text });
const willRows = async () =>
  (await t.server.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM lc_im_wills'))[0]?.n;

describe('will messages of a process that is gone', () => {
  it("are sent by a live process, once, with the id the dead one's ack gave", async () => {
    const ann = await login(t, 'orphan-ann');
    clients.push(ann);
    const conv = await ann.createConversation({ members: ['orphan-ben'] });
    const msgId = newMessageId(Date.now());
    const will = {
      convId: conv.id,
      kind: 'conv',
      from: 'orphan-ben',
      data: rich('left with the process'),
      bin: false,
      transient: false,
      extra: {},
      msgId,
    };
    const atAnn = messageWithText(ann, 'left with the process');
    await t.server.sql.query(
      "INSERT INTO lc_im_wills (node, session_key, will) VALUES ('dead-node', 'conn:orphan-ben', $1)",
      [JSON.stringify(will)],
    );
    const got = await atAnn;
    expect(got.id).toBe(msgId);
    expect(got.from).toBe('orphan-ben');
    await expect.poll(willRows).toBe(0);
    const history = await conv.queryMessages({ limit: 10 } as Parameters<typeof conv.queryMessages>[0]);
    expect(history.map((m) => (m as TextMessageT).getText())).toEqual(['left with the process']);
  });

  it("are not taken from a live process's sessions", async () => {
    const ann = await login(t, 'keep-ann');
    clients.push(ann);
    const conv = await ann.createConversation({ members: ['keep-raw'] });
    const raw = new RawClient(wsUrlOf(t));
    await raw.opened;
    await raw.call({ cmd: 'session', op: 'open', i: 1, peerId: 'keep-raw', appId: TEST_KEYS.appId });
    const ack = await raw.call({
      cmd: 'direct',
      i: 2,
      peerId: 'keep-raw',
      directMessage: { cid: conv.id, msg: rich('not yet'), will: true },
    });
    expect(ack.cmd).toBe('ack');
    // Several sweeps pass (the job runs every half second); the will waits for its connection.
    const ran = async () =>
      (
        await t.server.sql.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM lc_jobs WHERE queue = 'rtm.orphan-wills' AND state = 'done'",
        )
      )[0]?.n ?? 0;
    const before = await ran();
    await expect.poll(ran, { timeout: 10_000 }).toBeGreaterThan(before + 2);
    expect(await willRows()).toBe(1);
    const atAnn = messageWithText(ann, 'not yet');
    raw.ws.terminate();
    await atAnn;
    await expect.poll(willRows).toBe(0);
  });
});
