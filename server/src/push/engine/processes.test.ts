import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSql } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableFor } from '../../store/tables';
import { authHeaders } from '../../test/harness';
import { onPostgres, processGroup, until } from '../../test/server-process';
import type { ServerProcess } from '../../test/server-process';

/**
 * Two real server processes on one Postgres (PGlite is one process, so this file runs in the
 * postgres project only): a push to 100,000 installations is delivered to each exactly once while
 * both processes share the work, a scheduled push fires once, and a process killed with SIGKILL
 * while it holds chunks of that fan-out loses nothing: the other takes its chunks over once their
 * lease runs out, and the record's counts are exact.
 */
const N = 100_000;
const LEASE_MS = 2000;

const group = processGroup();
const { schema } = group;
let sql: Sql;
const start = (extraEnv: Record<string, string> = {}) =>
  group.start({ ENABLE_TEST_CONTROL: '1', JOBS_LEASE_MS: String(LEASE_MS), ...extraEnv });

async function call(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...authHeaders('master'), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/**
 * `n` fresh Android installations on `channel`, written straight into the table in one statement
 * (the API is not what this file tests). `prefix` (one hex digit) keeps each seed's objectIds apart.
 */
async function seed(n: number, channel: string, prefix: string): Promise<void> {
  await sql.query(
    `INSERT INTO ${tableFor('_Installation')} (id, created_at, updated_at, acl, data)
     SELECT $3 || lpad(to_hex(i), 23, '0'), now(), now(), NULL,
            jsonb_build_object('deviceType', 'android', 'installationId', $2 || '-' || i,
                               'channels', jsonb_build_array($2::text))
       FROM generate_series(1, $1::int) AS i`,
    [n, channel, prefix],
  );
}

const counts = async (pushId: string) =>
  (
    await sql.query<{ rows: number; duplicates: number; workers: number }>(
      `SELECT count(*)::int AS rows, coalesce(sum(duplicates), 0)::int AS duplicates, count(DISTINCT worker)::int AS workers
         FROM lc_push_deliveries WHERE push_id = $1`,
      [pushId],
    )
  )[0];

/** Errors the push's jobs met (a deadlock would show here as "deadlock detected"). */
const jobErrors = async (pushId: string) =>
  (
    await sql.query<{ last_error: string }>(
      "SELECT last_error FROM lc_jobs WHERE group_key = $1 AND last_error IS NOT NULL AND last_error NOT LIKE '%interrupted%'",
      [pushId],
    )
  ).map((r) => r.last_error);

const doneRecord = (url: string, id: string, ms?: number) =>
  until(
    `push ${id} to finish`,
    async () => {
      const r = await call(url, 'GET', `/1.1/tables/Notifications/${id}`);
      return r.json.status === 'done' ? r.json : undefined;
    },
    ms,
  );

describe.skipIf(!onPostgres)(
  'two server processes on one Postgres (Postgres only: PGlite is one process)',
  () => {
    let a: ServerProcess;
    let b: ServerProcess;
    beforeAll(async () => {
      sql = await openSql({ url: process.env.TEST_DATABASE_URL ?? '', schema });
      a = await start();
      // B's recorder takes 400 ms a batch, as a slow gateway would: it is caught holding chunks when killed.
      const config = join(tmpdir(), `${schema}.json`);
      writeFileSync(config, JSON.stringify({ lc: { _default: { options: { latencyMs: 400 } } } }));
      b = await start({ PUSH_CONFIG_FILE: config });
    }, 120_000);
    afterAll(async () => {
      await sql?.close();
      await group.close();
    });

    it('a scheduled push fires once, on one of the processes', async () => {
      await seed(300, 'sched', 'a');
      const at = new Date(Date.now() + 90_000).toISOString();
      const sent = await call(a.url, 'POST', '/1.1/push', {
        channels: ['sched'],
        data: { alert: 'later' },
        push_time: at,
      });
      const id = String(sent.json.objectId);
      for (const p of [a, b]) await call(p.url, 'POST', '/1.1/__test/clock', { advanceMs: 90_000 });
      expect(await doneRecord(a.url, id)).toMatchObject({ devices: 300, successes: 300 });
      expect(await counts(id)).toMatchObject({ rows: 300, duplicates: 0 });
      const plans = await sql.query<{ attempts: number }>(
        "SELECT attempts FROM lc_jobs WHERE queue = 'push.plan' AND group_key = $1",
        [id],
      );
      expect(plans).toEqual([{ attempts: 1 }]);
      for (const p of [a, b]) await call(p.url, 'POST', '/1.1/__test/clock', { reset: true });
    }, 60_000);

    it('a push to 100,000 installations shared by both: B killed with SIGKILL mid fan-out, every device gets it once, counts exact', async () => {
      await seed(N, 'all', 'b');
      const sent = await call(a.url, 'POST', '/1.1/push', { channels: ['all'], data: { alert: 'hello' } });
      expect(sent.status).toBe(200);
      const id = String(sent.json.objectId);
      const bWorker = `pid-${String(b.child.pid)}-%`;
      // Wait until B has delivered some of the push and holds another chunk, then kill it without warning.
      await until('B to deliver and hold a chunk', async () => {
        const [row] = await sql.query<{ delivered: boolean; holding: boolean }>(
          `SELECT EXISTS (SELECT 1 FROM lc_push_deliveries WHERE push_id = $1 AND worker LIKE $2) AS delivered,
                  EXISTS (SELECT 1 FROM lc_jobs WHERE queue = 'push.chunk' AND group_key = $1
                             AND state = 'active' AND locked_by LIKE $2) AS holding`,
          [id, bWorker],
        );
        return row?.delivered && row.holding ? true : undefined;
      });
      b.child.kill('SIGKILL');
      await new Promise((resolve) => b.child.once('exit', resolve));
      const rec = await doneRecord(a.url, id, 150_000);
      expect(rec).toMatchObject({ devices: N, successes: N, lcSuccesses: N, errors: [] });
      // Every device once, the work shared by both processes.
      expect(await counts(id)).toEqual({ rows: N, duplicates: 0, workers: 2 });
      const missing = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${tableFor('_Installation')} i
          WHERE i.data->'channels' ? 'all'
            AND NOT EXISTS (SELECT 1 FROM lc_push_deliveries d WHERE d.push_id = $1 AND d.target = i.id)`,
        [id],
      );
      expect(missing[0]?.n).toBe(0);
      // What B held when it died was taken over by A.
      const taken = await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM lc_jobs WHERE queue = 'push.chunk' AND group_key = $1 AND attempts > 1",
        [id],
      );
      expect(taken[0]?.n).toBeGreaterThan(0);
      expect(await jobErrors(id)).toEqual([]);
    }, 180_000);

    it('cancelling a push while its chunks commit at once: no deadlock, nothing delivered after the cancel', async () => {
      const sent = await call(a.url, 'POST', '/1.1/push', {
        channels: ['all'],
        data: { alert: 'cancel me' },
      });
      const id = String(sent.json.objectId);
      await until('some deliveries', async () => ((await counts(id))?.rows ? true : undefined));
      expect((await call(a.url, 'DELETE', `/1.1/notifications/${id}`)).status).toBe(200);
      const atCancel = (await counts(id))?.rows ?? 0;
      await until('the chunks in flight to end', async () => {
        const active = await sql.query(
          "SELECT 1 FROM lc_jobs WHERE group_key = $1 AND state IN ('active', 'waiting')",
          [id],
        );
        return active.length === 0 ? true : undefined;
      });
      expect((await call(a.url, 'GET', `/1.1/notifications/${id}`)).status).toBe(404);
      const after = await counts(id);
      // The cancel waited for the chunks committing at that moment; none committed after it.
      expect(after?.rows).toBe(atCancel);
      expect(after?.rows).toBeLessThan(N);
      expect(after?.duplicates).toBe(0);
      expect(await jobErrors(id)).toEqual([]);
    }, 60_000);
  },
);
