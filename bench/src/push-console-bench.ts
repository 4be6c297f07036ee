/**
 * The push console's requests at scale: loads N installations (BENCH_PUSH_COUNT, default
 * 1,000,000; ten channels, half iOS, half Android) and R push records (BENCH_RECORDS, default
 * 100,000), then times on the API server (master key, one request at a time, as the bff forwards
 * them):
 *   - the composer's audience estimate for one channel: its two platform counts, asked together,
 *     with the where the composer builds (fresh, not invalid, in the channel); target under 1 s;
 *     the floor is the same count in SQL straight on the database;
 *   - the records list's first page (keyset order, as the console asks) against the data browser's
 *     first page of the same records (GET /1.1/classes/_Notification as the grid asks), with the ratio.
 *
 *   pnpm bench:push-console        (env BENCH_PUSH_COUNT, BENCH_RECORDS, BENCH_DBS=pglite,postgres,
 *                                   BENCH_DATABASE_URL, BENCH_RUNS=20)
 */
import { performance } from 'node:perf_hooks';
import type { Sql } from '@switchboard/shared/sql';
import { checkPostgres, createDatabase, openDirect } from './databases';
import type { BenchDatabase } from './databases';
import { ApiClient } from './http-client';
import type { DbKind } from './options';
import { runBenchmark } from './run-main';
import type { ServerHandle } from './server-process';
import { startServer } from './server-process';
import { summarize } from './stats';

const COUNT = Number(process.env.BENCH_PUSH_COUNT ?? 1_000_000);
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const DBS = (process.env.BENCH_DBS ?? 'pglite').split(',').filter(Boolean) as DbKind[];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PAGE = 50_000;
const CHANNEL = 'c3';

let live: { server?: ServerHandle; db?: BenchDatabase } = {};
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

async function load(sql: Sql): Promise<void> {
  for (let from = 1; from <= COUNT; from += PAGE) {
    await sql.query(
      `INSERT INTO "o__Installation" (id, created_at, updated_at, acl, data)
       SELECT lpad(to_hex(i), 24, '0'), now(), now(), NULL,
              jsonb_build_object('deviceType', CASE WHEN i % 2 = 0 THEN 'ios' ELSE 'android' END,
                                 'installationId', 'bench-' || i,
                                 'channels', jsonb_build_array('c' || (i % 10)))
         FROM generate_series($1::int, $2::int) AS i`,
      [from, Math.min(COUNT, from + PAGE - 1)],
    );
  }
  for (let from = 1; from <= RECORDS; from += PAGE) {
    await sql.query(
      `INSERT INTO "o__Notification" (id, created_at, updated_at, acl, data)
       SELECT lpad(to_hex(i), 24, '0'), now() - make_interval(secs => i), now(), NULL,
              jsonb_build_object('notificationId', 'n' || i, 'data', jsonb_build_object('alert', 'push ' || i),
                                 'where', '{}'::jsonb, 'prod', 'prod', 'status', 'done', 'devices', 10,
                                 'successes', 10, 'invalidTokens', 0, 'errors', '[]'::jsonb,
                                 'from-service', 'push')
         FROM generate_series($1::int, $2::int) AS i`,
      [from, Math.min(RECORDS, from + PAGE - 1)],
    );
  }
  await sql.exec('ANALYZE "o__Installation"; ANALYZE "o__Notification"');
}

/** The where the composer's estimate sends for one channel and platform (see web targetedWhere). */
const estimateWhere = (deviceType: string) => ({
  updatedAt: { $gt: { __type: 'Date', iso: new Date(Date.now() - 90 * 86_400_000).toISOString() } },
  valid: { $ne: false },
  channels: { $in: [CHANNEL] },
  deviceType,
});

async function timed(runs: number, one: () => Promise<unknown>): Promise<number[]> {
  await one();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await one();
    out.push(performance.now() - t);
  }
  return out;
}

async function runOne(kind: DbKind): Promise<void> {
  const db = createDatabase(kind, PG_URL);
  live.db = db;
  console.log(`\n== ${db.label}: ${fmt(COUNT)} installations, ${fmt(RECORDS)} push records`);
  let server = await startServer(db.serverEnv);
  // One push to nobody: the server makes the records class as it does for any app.
  const setup = new ApiClient(server.baseUrl, server.keys, 1);
  const made = await setup.send(
    'POST',
    '/1.1/push',
    { channels: ['nobody'], data: { alert: 'x' } },
    { master: true },
  );
  if (made.status !== 200) throw new Error(`first push: ${made.status} ${JSON.stringify(made.body)}`);
  setup.close();
  await server.stop();
  const sql = await openDirect(db);
  const started = performance.now();
  await load(sql);
  console.log(`loaded in ${fmt((performance.now() - started) / 1000, 1)} s`);
  const floor = await timed(RUNS, () =>
    Promise.all(
      ['ios', 'android'].map((t) =>
        sql.query(
          `SELECT count(*) FROM "o__Installation" WHERE data->'channels' @> $1::jsonb AND data->>'deviceType' = $2`,
          [JSON.stringify([CHANNEL]), t],
        ),
      ),
    ),
  );
  await sql.close();

  server = await startServer(db.serverEnv);
  live.server = server;
  const api = new ApiClient(server.baseUrl, server.keys, 2);
  const get = async (path: string) => {
    const r = await api.send<{ count?: number; results?: unknown[] }>('GET', path, undefined, {
      master: true,
      timeoutMs: 120_000,
    });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const count = (t: string) =>
    get(`/1.1/installations?count=1&limit=0&where=${encodeURIComponent(JSON.stringify(estimateWhere(t)))}`);
  const counted = await Promise.all(['ios', 'android'].map(count));
  const estimate = await timed(RUNS, () => Promise.all(['ios', 'android'].map(count)));
  const recordsPath = `/1.1/notifications?order=-createdAt,-objectId&limit=50&where=${encodeURIComponent('{}')}`;
  const gridPath = '/1.1/classes/_Notification?skip=0&limit=100&order=-createdAt&count=1';
  const first = await get(recordsPath);
  const records = await timed(RUNS, () => get(recordsPath));
  const grid = await timed(RUNS, () => get(gridPath));
  await server.stop();
  live = {};
  await db.dispose(false);

  const e = summarize(estimate);
  const f = summarize(floor);
  const r = summarize(records);
  const g = summarize(grid);
  console.log(
    `estimate for channel ${CHANNEL} (${fmt(counted[0]?.count ?? 0)} iOS + ${fmt(counted[1]?.count ?? 0)} Android), ` +
      `two counts together: p50 ${fmt(e.p50, 1)} ms, max ${fmt(e.max, 1)} ms (target < 1000 ms: ${e.max < 1000 ? 'met' : 'missed'}); ` +
      `floor, the same counts in SQL: p50 ${fmt(f.p50, 1)} ms; ratio x${fmt(e.p50 / f.p50, 2)}`,
  );
  console.log(
    `records list first page (${first.results?.length ?? 0} of ${fmt(RECORDS)}): p50 ${fmt(r.p50, 1)} ms, max ${fmt(r.max, 1)} ms; ` +
      `data browser first page of the same records: p50 ${fmt(g.p50, 1)} ms; ratio x${fmt(r.p50 / g.p50, 2)}`,
  );
}

async function main(): Promise<void> {
  if (DBS.includes('postgres')) await checkPostgres(PG_URL);
  for (const kind of DBS) await runOne(kind);
}

runBenchmark(
  main,
  () => async () => {
    await live.server?.stop();
    await live.db?.dispose(false);
  },
  'stopping the API server and removing the database',
);
