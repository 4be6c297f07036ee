/**
 * Push fan-out benchmark: loads N installations (BENCH_PUSH_COUNT, default 1,000,000), sends one
 * push to all of them through POST /1.1/push and watches the recorder take every delivery.
 * Prints per database: fan-out rate (devices/s), time from the POST to the first and to the last
 * delivery, p50 of POST /1.1/push and of GET /1.1/installations/:id before and during the fan-out,
 * the server's peak memory before and after; and the floor: the rate at which the same database
 * takes the per-device rows alone (the recorder's own statement, 1000 rows a transaction), with
 * the fan-out's ratio to it.
 *
 *   pnpm bench:push                      (env BENCH_PUSH_COUNT, BENCH_DBS=pglite,postgres,
 *                                         BENCH_DATABASE_URL, BENCH_PUSH_SAMPLES=200)
 */
import { performance } from 'node:perf_hooks';
import type { Sql } from '@switchboard/shared/sql';
import { checkPostgres, createDatabase, openDirect, redact } from './databases';
import type { BenchDatabase } from './databases';
import { ApiClient } from './http-client';
import type { DbKind } from './options';
import { runBenchmark } from './run-main';
import type { ServerHandle } from './server-process';
import { startServer } from './server-process';
import { summarize } from './stats';

const COUNT = Number(process.env.BENCH_PUSH_COUNT ?? 1_000_000);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',').filter(Boolean) as DbKind[];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SAMPLES = Number(process.env.BENCH_PUSH_SAMPLES ?? 200);
const INSTALLATIONS = '"o__Installation"';
const LOAD_PAGE = 50_000;
const FLOOR_CHUNK = 1000;

let live: { server?: ServerHandle; db?: BenchDatabase } = {};

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** The installations, written straight into the table (the API is not what this measures). */
async function load(sql: Sql, n: number): Promise<number> {
  const started = performance.now();
  for (let from = 1; from <= n; from += LOAD_PAGE) {
    const to = Math.min(n, from + LOAD_PAGE - 1);
    await sql.query(
      `INSERT INTO ${INSTALLATIONS} (id, created_at, updated_at, acl, data)
       SELECT lpad(to_hex(i), 24, '0'), now(), now(), NULL,
              jsonb_build_object('deviceType', 'android', 'installationId', 'bench-' || i,
                                 'channels', jsonb_build_array('all'))
         FROM generate_series($1::int, $2::int) AS i`,
      [from, to],
    );
  }
  await sql.exec(`ANALYZE ${INSTALLATIONS}`);
  return performance.now() - started;
}

/** The floor: the per-device rows alone, with the recorder's statement, one transaction per 1000. */
async function floor(sql: Sql, n: number): Promise<number> {
  await sql.exec(
    'DROP TABLE IF EXISTS bench_floor; CREATE TABLE bench_floor (LIKE lc_push_deliveries INCLUDING ALL)',
  );
  const started = performance.now();
  for (let from = 1; from <= n; from += FLOOR_CHUNK) {
    const ids = Array.from({ length: Math.min(FLOOR_CHUNK, n - from + 1) }, (_, k) =>
      (from + k).toString(16).padStart(24, '0'),
    );
    await sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO bench_floor
           (push_id, target, installation_id, device_id, channel, profile, digest, worker, note, created_at)
         SELECT $1, t, NULLIF(i, ''), d, 'lc', '_default', g, 'floor', NULL, now()
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS u(t, i, d, g)
         ON CONFLICT (push_id, target) DO UPDATE SET duplicates = bench_floor.duplicates + 1`,
        ['floor', ids, ids, ids.map((id) => `bench-${id}`), ids.map(() => 'digest')],
      );
    });
  }
  const ms = performance.now() - started;
  await sql.exec('DROP TABLE bench_floor');
  return ms;
}

interface PushRecord {
  status?: string;
  devices?: number;
  successes?: number;
}

async function runOne(kind: DbKind): Promise<void> {
  const db = createDatabase(kind, PG_URL);
  live.db = db;
  console.log(`\n== ${db.label} (${db.location}), ${fmt(COUNT)} installations`);
  // First start creates the tables; the installations are then written while no server runs
  // (PGlite allows one process), and the server is started again over them.
  let server = await startServer(db.serverEnv);
  await server.stop();
  let sql = await openDirect(db);
  const loadMs = await load(sql, COUNT);
  await sql.close();
  console.log(`loaded in ${fmt(loadMs / 1000, 1)} s`);

  server = await startServer(db.serverEnv);
  live.server = server;
  const api = new ApiClient(server.baseUrl, server.keys, 2);
  const settings = await api.send(
    'PUT',
    '/1.1/switchboard/settings',
    { pushCallsPerMinute: 9600, pushDailyTargets: 1_000_000_000 },
    { master: true },
  );
  if (settings.status !== 200)
    throw new Error(`settings: ${settings.status} ${JSON.stringify(settings.body)}`);
  const ids = (
    await api.send<{ results: { objectId: string }[] }>('GET', '/1.1/installations?limit=100', undefined, {
      master: true,
    })
  ).body.results.map((r) => r.objectId);
  let probe = 0;
  /** A push to one device, and a get of one installation: what an app does while a fan-out runs. */
  const probePush = async () => {
    probe++;
    const r = await api.send(
      'POST',
      '/1.1/push',
      { where: { installationId: `bench-${probe}` }, data: { alert: 'probe' } },
      { master: true },
    );
    if (r.status !== 200) throw new Error(`probe push: ${r.status} ${JSON.stringify(r.body)}`);
    return r.ms;
  };
  const probeGet = async () => {
    const r = await api.send('GET', `/1.1/installations/${ids[probe % ids.length]}`);
    if (r.status !== 200) throw new Error(`get: ${r.status}`);
    return r.ms;
  };
  for (let i = 0; i < 20; i++) await Promise.all([probePush(), probeGet()]);
  const quiet = { push: [] as number[], get: [] as number[] };
  for (let i = 0; i < SAMPLES; i++) {
    quiet.push.push(await probePush());
    quiet.get.push(await probeGet());
  }
  const rssBefore = server.peakRssMb();

  const t0 = Date.now();
  const sent = await api.send<{ objectId: string }>(
    'POST',
    '/1.1/push',
    { channels: ['all'], data: { alert: 'bench' } },
    { master: true },
  );
  if (sent.status !== 200) throw new Error(`push: ${sent.status} ${JSON.stringify(sent.body)}`);
  const pushId = sent.body.objectId;
  const busy = { push: [] as number[], get: [] as number[] };
  let rec: PushRecord = {};
  let lastPoll = 0;
  const deadline = Date.now() + 60 * 60_000;
  for (;;) {
    if (busy.push.length < SAMPLES * 5) {
      busy.push.push(await probePush());
      busy.get.push(await probeGet());
    }
    if (Date.now() - lastPoll > 250) {
      lastPoll = Date.now();
      rec = (await api.send<PushRecord>('GET', `/1.1/notifications/${pushId}`, undefined, { master: true }))
        .body;
      if (rec.status && !['scheduled', 'in-queue', 'running'].includes(rec.status)) break;
    }
    if (Date.now() > deadline)
      throw new Error(`the push was not done within an hour: ${JSON.stringify(rec)}`);
    if (busy.push.length >= SAMPLES * 5) await new Promise((r) => setTimeout(r, 100));
  }
  const rssAfter = server.peakRssMb();
  await server.stop();
  live.server = undefined;

  sql = await openDirect(db);
  const [d] = await sql.query<{ n: number; dup: number; first: Date; last: Date }>(
    `SELECT count(*)::int AS n, coalesce(sum(duplicates), 0)::int AS dup, min(created_at) AS first, max(created_at) AS last
       FROM lc_push_deliveries WHERE push_id = $1`,
    [pushId],
  );
  const floorMs = await floor(sql, COUNT);
  await sql.close();
  await db.dispose(false);
  live.db = undefined;

  const first = (d?.first.getTime() ?? NaN) - t0;
  const last = (d?.last.getTime() ?? NaN) - t0;
  const rate = ((d?.n ?? 0) / Math.max(1, last)) * 1000;
  const floorRate = (COUNT / floorMs) * 1000;
  const q = (v: number[]) => summarize(v).p50;
  console.log(
    `record: ${JSON.stringify({ status: rec.status, devices: rec.devices, successes: rec.successes })}`,
  );
  console.log(`deliveries stored: ${fmt(d?.n ?? 0)} (duplicates ${d?.dup ?? 0})`);
  console.log(
    `POST /1.1/push -> first delivery: ${fmt(first)} ms; -> last delivery: ${fmt(last / 1000, 1)} s`,
  );
  console.log(`POST /1.1/push of the fan-out itself answered in ${fmt(sent.ms)} ms`);
  console.log(`fan-out rate to the recorder: ${fmt(rate)} devices/s`);
  console.log(
    `floor (per-device rows alone): ${fmt(floorRate)} rows/s; fan-out / floor = ${fmt(rate / floorRate, 2)}`,
  );
  console.log(
    `p50 POST /1.1/push: ${fmt(q(quiet.push), 1)} ms quiet, ${fmt(q(busy.push), 1)} ms during the fan-out (x${fmt(q(busy.push) / q(quiet.push), 2)}; ${busy.push.length} samples)`,
  );
  console.log(
    `p50 GET /1.1/installations/:id: ${fmt(q(quiet.get), 1)} ms quiet, ${fmt(q(busy.get), 1)} ms during the fan-out (x${fmt(q(busy.get) / q(quiet.get), 2)})`,
  );
  console.log(
    `server peak memory (VmHWM): ${rssBefore ?? '?'} MB before the fan-out, ${rssAfter ?? '?'} MB after`,
  );
}

async function main(): Promise<void> {
  if (!Number.isInteger(COUNT) || COUNT < 1) throw new Error('BENCH_PUSH_COUNT must be a positive integer');
  console.log(`push fan-out benchmark: ${fmt(COUNT)} installations on ${DBS.join(', ')}`);
  if (DBS.includes('postgres')) {
    const pg = await checkPostgres(PG_URL);
    console.log(`Postgres ${pg.version} at ${redact(PG_URL)} ${JSON.stringify(pg.settings)}`);
  }
  for (const kind of DBS) await runOne(kind);
}

runBenchmark(
  main,
  () => async () => {
    await live.server?.stop();
    await live.db?.dispose(false);
    live = {};
  },
  'stopping the API server and removing the database',
);
