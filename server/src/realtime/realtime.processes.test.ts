// Two real server processes on one Postgres (PGlite is one process, so this file runs in the
// postgres project only, as src/push/engine/processes.test.ts does): a chat room's online members
// and count over REST are the union of the clients in it on both processes, and the will messages
// of a process killed with SIGKILL are sent by the other once the dead one stops beating.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, IMClient } from 'leancloud-realtime';
import { authHeaders, TEST_KEYS } from '../test/harness';
import { onPostgres, processGroup } from '../test/server-process';
import type { ServerProcess } from '../test/server-process';
import { RawClient } from './raw-client';
import { messageWithText, Realtime } from './test-helpers';

const group = processGroup();
let one: ServerProcess;
let two: ServerProcess;
const clients: IMClient[] = [];

const loginAt = async (p: ServerProcess, id: string) => {
  const rt = new Realtime({ appId: TEST_KEYS.appId, appKey: TEST_KEYS.appKey, RTMServers: p.ws });
  const c = await rt.createIMClient(id);
  clients.push(c);
  return c;
};
async function call(p: ServerProcess, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${p.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...authHeaders('master'), 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe.skipIf(!onPostgres)(
  'two server processes on one Postgres (Postgres only: PGlite is one process)',
  () => {
    beforeAll(async () => {
      // One after the other: the first migrates the fresh schema. A process silent for 1.5 s is
      // gone; a dead process's jobs are taken over after 1 s.
      const env = { RTM_NODE_TIMEOUT_MS: '1500', JOBS_LEASE_MS: '1000' };
      one = await group.start(env);
      two = await group.start(env);
    });
    afterAll(async () => {
      await Promise.allSettled(clients.map((c) => c.close()));
      await group.close();
    });

    it("a chat room's online members and count are the union of both processes", async () => {
      const made = await call(one, '/1.2/rtm/chatrooms', { method: 'POST', body: { name: 'lobby' } });
      expect(made.status).toBe(200);
      const room = made.json.objectId as string;
      const a = await loginAt(one, 'room-a');
      const b = await loginAt(two, 'room-b');
      const c = await loginAt(two, 'room-c');
      for (const client of [a, b, c]) await ((await client.getConversation(room)) as Conversation).join();
      const members = async (p: ServerProcess) =>
        ((await call(p, `/1.2/rtm/chatrooms/${room}/members?limit=10`)).json.result as string[]).sort();
      const count = async (p: ServerProcess) =>
        (await call(p, `/1.2/rtm/chatrooms/${room}/members/online-count`)).json.result;
      await expect.poll(() => members(one)).toEqual(['room-a', 'room-b', 'room-c']);
      expect(await members(two)).toEqual(['room-a', 'room-b', 'room-c']);
      expect(await count(one)).toBe(3);
      // limit picks among them.
      const two_ = (await call(one, `/1.2/rtm/chatrooms/${room}/members?limit=2`)).json.result as string[];
      expect(two_).toHaveLength(2);
      expect(['room-a', 'room-b', 'room-c']).toEqual(expect.arrayContaining(two_));

      // Leaving on one process, going offline on the other: both seen from each.
      await ((await b.getConversation(room)) as Conversation).quit();
      await c.close();
      await expect.poll(() => members(one)).toEqual(['room-a']);
      expect(await count(two)).toBe(1);
    });

    it('the will messages of a process killed with SIGKILL are sent by the other, once', async () => {
      const ann = await loginAt(one, 'kill-ann');
      const conv = await ann.createConversation({ members: ['kill-raw'] });
      const raw = new RawClient(two.ws);
      await raw.opened;
      await raw.call({ cmd: 'session', op: 'open', i: 1, peerId: 'kill-raw', appId: TEST_KEYS.appId });
      const ack = await raw.call({
        cmd: 'direct',
        i: 2,
        peerId: 'kill-raw',
        directMessage: {
          cid: conv.id,
          msg: JSON.stringify({ _lctype: -1, _lctext: 'died with it' }),
          will: true,
        },
      });
      expect(ack.cmd).toBe('ack');
      const atAnn = messageWithText(ann, 'died with it');
      const exited = new Promise((resolve) => two.child.once('exit', resolve));
      two.child.kill('SIGKILL');
      await exited;
      const got = await atAnn;
      expect(got.id).toBe((ack.ackMessage as { uid: string }).uid);
      const history = await call(one, `/1.2/rtm/conversations/${conv.id}/messages?limit=10`);
      expect(history.status).toBe(200);
      const texts = (history.json as unknown as { data: string }[]).map(
        (m) => (JSON.parse(m.data) as { _lctext: string })._lctext,
      );
      expect(texts).toEqual(['died with it']);
      raw.ws.terminate();
    });
  },
);
