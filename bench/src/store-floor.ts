/**
 * The database's part of a one-to-one send, alone: the statement that stores a message (the same
 * one the gateway runs before it delivers), timed one after another on a fresh in-memory PGlite
 * with the server's schema, or in a fresh Postgres schema. The gateway delivers a message once it
 * is stored, so its latency cannot fall below this.
 */
import { storeMessage } from '../../server/src/im/messages';
import { startTestServer } from '../../server/src/test/harness';

export async function storeFloor(samples: number, postgresUrl?: string): Promise<number[]> {
  // The test harness takes Postgres (a schema of its own, dropped after) from these two.
  if (postgresUrl) Object.assign(process.env, { SB_TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl });
  const t = await startTestServer();
  try {
    const made = await t.request('POST', '/1.2/rtm/conversations', {
      auth: 'master',
      body: { name: 'floor', m: ['a', 'b'] },
    });
    const convId = made.json.objectId as string;
    const message = {
      convId,
      kind: 'conv' as const,
      from: 'a',
      data: JSON.stringify({ _lctype: -1, _lctext: 'bench' }),
    };
    const times: number[] = [];
    // A warm-up as long as the measured run: the gateway's statements are warm too by then.
    for (let k = 0; k < 2 * samples; k += 1) {
      const t0 = performance.now();
      await storeMessage(t.server.sql, message, Date.now());
      if (k >= samples) times.push(performance.now() - t0);
    }
    return times;
  } finally {
    await t.close();
  }
}
