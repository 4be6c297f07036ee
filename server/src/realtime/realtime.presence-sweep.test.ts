// Presence rows a dead process leaves (lc_im_presence, lc_im_room_presence) are deleted by the
// recurring job that sends its wills, in batches; a live process's rows stay, and a process that
// was taken for gone after a stall writes its rows again at its next beat.
import { describe, expect, it } from 'vitest';
import type { IMClient } from 'leancloud-realtime';
import type { TestServer } from '../test/harness';
import { sweepDeadPresence } from './presence-sweep';
import { login, serverPerFile } from './test-helpers';

let t: TestServer;
const clients: IMClient[] = [];
// A node silent for a second is gone, and the job runs every half second.
serverPerFile((s) => (t = s), clients, { realtime: { nodeTimeoutMs: 1000 } });

const count = async (text: string, params: unknown[] = []) =>
  (await t.server.sql.query<{ n: number }>(text, params))[0]?.n ?? 0;
const rowsOf = (table: string, node: string) =>
  count(`SELECT count(*)::int AS n FROM ${table} WHERE node = $1`, [node]);
const ownNode = async () =>
  (
    await t.server.sql.query<{ node: string }>("SELECT node FROM lc_im_presence WHERE client_id = 'ps-live'")
  )[0]?.node;

async function leaveDeadRows(node: string, clientsN: number, roomsN: number, beatAgo: string | undefined) {
  const sql = t.server.sql;
  if (beatAgo)
    await sql.query(`INSERT INTO lc_im_nodes (node, seen_at) VALUES ($1, now() - $2::interval)`, [
      node,
      beatAgo,
    ]);
  await sql.query(
    `INSERT INTO lc_im_presence (node, client_id) SELECT $1, 'ps-dead-' || g FROM generate_series(1, $2) g`,
    [node, clientsN],
  );
  await sql.query(
    `INSERT INTO lc_im_room_presence (conv_id, client_id, node)
     SELECT 'ps-room', 'ps-dead-' || g, $1 FROM generate_series(1, $2) g`,
    [node, roomsN],
  );
}

describe('presence rows of a process that is gone', () => {
  it('are deleted by the recurring job, with its beat row, and a live process keeps its own', async () => {
    const live = await login(t, 'ps-live');
    clients.push(live);
    await live.createChatRoom({ name: 'ps-room' });
    await expect.poll(ownNode).toBeDefined();
    const node = (await ownNode()) as string;
    await expect
      .poll(() => count("SELECT count(*)::int AS n FROM lc_im_room_presence WHERE client_id = 'ps-live'"))
      .toBe(1);
    // One process that beat an hour ago, one killed before its first beat.
    await leaveDeadRows('ps-dead-a', 2500, 1200, '1 hour');
    await leaveDeadRows('ps-dead-b', 3, 0, undefined);
    await expect.poll(() => rowsOf('lc_im_presence', 'ps-dead-a'), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => rowsOf('lc_im_room_presence', 'ps-dead-a')).toBe(0);
    await expect.poll(() => rowsOf('lc_im_presence', 'ps-dead-b')).toBe(0);
    await expect
      .poll(() => count("SELECT count(*)::int AS n FROM lc_im_nodes WHERE node = 'ps-dead-a'"))
      .toBe(0);
    expect(await rowsOf('lc_im_presence', node)).toBeGreaterThan(0);
    expect(
      await count("SELECT count(*)::int AS n FROM lc_im_room_presence WHERE client_id = 'ps-live'"),
    ).toBe(1);
  });

  it('go in batches of the given size, sparing live nodes', async () => {
    await leaveDeadRows('ps-dead-c', 25, 7, '1 hour');
    const liveBefore = await count(
      "SELECT count(*)::int AS n FROM lc_im_presence p JOIN lc_im_nodes n USING (node) WHERE n.seen_at > now() - interval '1 second'",
    );
    expect(liveBefore).toBeGreaterThan(0);
    // Statements of 10 rows each take all 32 (the job may take some meanwhile), and nothing live.
    await sweepDeadPresence(t.server.sql, 60 * 60 * 1000 - 60_000, 10);
    expect(await rowsOf('lc_im_presence', 'ps-dead-c')).toBe(0);
    expect(await rowsOf('lc_im_room_presence', 'ps-dead-c')).toBe(0);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM lc_im_presence p JOIN lc_im_nodes n USING (node) WHERE n.seen_at > now() - interval '1 second'",
      ),
    ).toBe(liveBefore);
  });

  it('come back when the process was only stalled: its next beat writes them again', async () => {
    const back = await login(t, 'ps-back');
    clients.push(back);
    await expect
      .poll(() => count("SELECT count(*)::int AS n FROM lc_im_presence WHERE client_id = 'ps-back'"))
      .toBe(1);
    // As a sweep would leave a process that stopped beating for longer than the timeout.
    await t.server.sql.transaction(async (tx) => {
      await tx.query("UPDATE lc_im_nodes SET seen_at = now() - interval '1 hour'");
      await tx.query('DELETE FROM lc_im_presence');
    });
    await expect
      .poll(() => count("SELECT count(*)::int AS n FROM lc_im_presence WHERE client_id = 'ps-back'"), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM lc_im_presence WHERE client_id = 'ps-live'")).toBe(1);
  });
});
