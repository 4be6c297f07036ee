import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const reltuples = async (table: string) =>
  (
    await t.server.sql.query<{ n: number }>(
      'SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass',
      [table],
    )
  )[0]?.n;

describe('maintenance of PGlite (no autovacuum)', () => {
  it('analyzes a class after enough writes, and only then', async () => {
    const requests = Array.from({ length: 600 }, (_, i) => ({
      method: 'POST',
      path: '/1.1/classes/Busy',
      body: { i },
    }));
    await t.request('POST', '/1.1/batch', { body: { requests } });
    await t.server.maintenance.runDue();
    const before = await reltuples('"o_Busy"');
    await t.request('POST', '/1.1/batch', { body: { requests } });
    await t.server.maintenance.runDue();
    const after = await reltuples('"o_Busy"');
    if (t.server.sql.kind === 'pglite') {
      // 600 writes are under the threshold (1,000 plus a tenth of the rows); 1,200 are over it.
      expect(before).toBeLessThan(1);
      expect(after).toBe(1200);
    } else {
      // Postgres has autovacuum: the server runs no ANALYZE of its own there.
      const [stat] = await t.server.sql.query<{ last_analyze: Date | null }>(
        'SELECT last_analyze FROM pg_stat_user_tables WHERE relid = $1::regclass',
        ['"o_Busy"'],
      );
      expect(stat?.last_analyze).toBeNull();
    }
  });

  it('analyzes a class when an index is created, on either database', async () => {
    const requests = Array.from({ length: 50 }, (_, i) => ({
      method: 'POST',
      path: '/1.1/classes/Indexed',
      body: { i },
    }));
    await t.request('POST', '/1.1/batch', { body: { requests } });
    await t.request('POST', '/1.1/indices/Indexed', { auth: 'master', body: { keys: { i: 1 } } });
    expect(await reltuples('"o_Indexed"')).toBe(50);
  });
});
