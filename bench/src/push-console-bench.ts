/**
 * The push console's requests at scale: loads N installations (BENCH_PUSH_COUNT, default
 * 1,000,000; ten channels, half iOS, half Android) and R push records (BENCH_RECORDS, default
 * 100,000), then times on the API server (master key, one request at a time, as the bff forwards
 * them):
 *   - the composer's audience for one channel (GET /1.1/switchboard/push/audience): the sampled
 *     estimate it shows first (target under 1 s), then the exact count that replaces it; the floor
 *     is the exact count in SQL straight on the database;
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
import { insertPushRecords } from './push-records-data';
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
  await insertPushRecords(sql, RECORDS, PAGE);
  await sql.exec('ANALYZE "o__Installation"; ANALYZE "o__Notification"');
}

/** What the composer asks for an audience of one channel (web features/push/api/send.ts). */
const audiencePath = (estimate: boolean) =>
  `/1.1/switchboard/push/audience?where=%7B%7D&channels=${encodeURIComponent(JSON.stringify([CHANNEL]))}${estimate ? '&estimate=1' : ''}`;

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
  // The same count straight in SQL: fresh, not invalid, in the channel, by platform and vendor.
  const floor = await timed(RUNS, () =>
    sql.query(
      `SELECT data->>'deviceType', data->>'vendor', count(*) FROM "o__Installation"
        WHERE data->'channels' @> $1::jsonb AND updated_at > now() - interval '90 days'
          AND (data->'valid') IS DISTINCT FROM 'false'::jsonb GROUP BY 1, 2`,
      [JSON.stringify([CHANNEL])],
    ),
  );
  await sql.close();

  server = await startServer(db.serverEnv);
  live.server = server;
  const api = new ApiClient(server.baseUrl, server.keys, 2);
  const get = async (path: string) => {
    const r = await api.send<{ count?: number; results?: unknown[]; total?: number; exact?: boolean }>(
      'GET',
      path,
      undefined,
      {
        master: true,
        timeoutMs: 120_000,
      },
    );
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const sampled = await get(audiencePath(true));
  const counted = await get(audiencePath(false));
  const estimate = await timed(RUNS, () => get(audiencePath(true)));
  const exact = await timed(RUNS, () => get(audiencePath(false)));
  const recordsPath = `/1.1/notifications?order=-createdAt,-objectId&limit=50&where=${encodeURIComponent('{}')}`;
  const gridPath = '/1.1/classes/_Notification?skip=0&limit=100&order=-createdAt&count=1';
  const first = await get(recordsPath);
  const records = await timed(RUNS, () => get(recordsPath));
  const grid = await timed(RUNS, () => get(gridPath));
  await server.stop();
  live = {};
  await db.dispose(false);

  const e = summarize(estimate);
  const x = summarize(exact);
  const f = summarize(floor);
  const r = summarize(records);
  const g = summarize(grid);
  console.log(
    `audience of channel ${CHANNEL}: estimate ${fmt(sampled.total ?? 0)} (exact: ${String(sampled.exact)}) ` +
      `p50 ${fmt(e.p50, 1)} ms, max ${fmt(e.max, 1)} ms (target < 1000 ms: ${e.max < 1000 ? 'met' : 'missed'}); ` +
      `exact ${fmt(counted.total ?? 0)} p50 ${fmt(x.p50, 1)} ms, max ${fmt(x.max, 1)} ms; ` +
      `floor, the exact count in SQL: p50 ${fmt(f.p50, 1)} ms; exact/floor x${fmt(x.p50 / f.p50, 2)}`,
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
