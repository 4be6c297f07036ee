/**
 * Switchboard BFF overhead benchmark: starts the API server and the console's BFF as child
 * processes, loads objects into one class, signs in to the BFF, checks that both paths give the
 * same answer, then runs the same requests with autocannon against the server directly (master
 * key) and through the BFF (session cookie). Prints the latency the BFF adds and the throughput it
 * keeps, against the targets; writes the figures to bench/results/bff-<timestamp>.json.
 *
 *   pnpm bench:bff -- --duration 10 --connections 10      (pnpm bench:bff -- --help for every flag)
 *
 * Missed targets are a result, not a failure: the exit code is non-zero only when something broke.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { LC_HEADERS, MASTER_SUFFIX } from '@switchboard/shared';
import { startBff, startFloorProxy, BFF_APP, logIn, rawRequest } from './bff-process';
import type { BffHandle } from './bff-process';
import { bffHelpText, parseBffOptions } from './bff-options';
import type { BffBenchOptions } from './bff-options';
import { runCannon } from './cannon';
import type { CannonResult, CannonTarget } from './cannon';
import { makeObject, rng } from './data';
import { checkPostgres, createDatabase, redact } from './databases';
import type { BenchDatabase } from './databases';
import { ApiClient } from './http-client';
import { postBatch } from './load';
import type { DbKind } from './options';
import { fmt, machineFacts, serverCode, writeJson } from './report';
import { CLASS, formatRun, MAX_ADDED_P50_MS, MIN_RATIO } from './bff-report';
import type { BffRun, Comparison, Measured } from './bff-report';
import type { MachineFacts } from './report';
import { repoRoot, startServer } from './server-process';
import type { ChildHandle, ServerHandle } from './server-process';
import { runBenchmark } from './run-main';

const LOAD_BATCH = 1000;
const QUERY_LIMIT = 100;

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** What to undo if the process is interrupted mid-run. */
let cleanup: (() => Promise<void>) | undefined;
/** Stops the autocannon run in progress. */
let stopCannon: (() => void) | undefined;

interface Endpoint {
  key: string;
  label: string;
  /** Upstream path and query, e.g. /1.1/classes/BenchItem?limit=100. */
  path: string;
  check: (body: unknown) => string | undefined;
}

function endpoints(objectId: string): Endpoint[] {
  return [
    {
      key: 'get',
      label: 'get one object',
      path: `/1.1/classes/${CLASS}/${objectId}`,
      check: (body) =>
        (body as { objectId?: unknown } | undefined)?.objectId === objectId
          ? undefined
          : `not object ${objectId}`,
    },
    {
      key: 'query',
      label: `query ${QUERY_LIMIT} objects`,
      path: `/1.1/classes/${CLASS}?limit=${QUERY_LIMIT}`,
      check: (body) => {
        const results = (body as { results?: unknown } | undefined)?.results;
        return Array.isArray(results) && results.length === QUERY_LIMIT
          ? undefined
          : `not ${QUERY_LIMIT} results`;
      },
    },
  ];
}

/** Loads `total` objects into the class through /1.1/batch; returns their ids in order. */
async function seed(server: ServerHandle, total: number, seedValue: number): Promise<string[]> {
  const client = new ApiClient(server.baseUrl, server.keys, 2);
  try {
    const chunks = Math.ceil(total / LOAD_BATCH);
    const parts = await Promise.all(
      Array.from({ length: chunks }, (_, chunk) => {
        const rand = rng(seedValue * 1_000_003 + chunk);
        const objects = [];
        for (let i = chunk * LOAD_BATCH; i < Math.min(total, (chunk + 1) * LOAD_BATCH); i++)
          objects.push(makeObject(i, total, rand));
        return postBatch(client, objects, CLASS);
      }),
    );
    return parts.flatMap((p) => p.ids);
  } finally {
    client.close();
  }
}

/**
 * Both paths must answer 200 with the same JSON, and the JSON the request is meant to return:
 * otherwise the comparison would be between different work.
 */
async function verify(
  e: Endpoint,
  direct: CannonTarget,
  viaBff: CannonTarget,
): Promise<{ direct: number; bff: number }> {
  const [a, b] = await Promise.all([
    rawRequest(direct.url, { headers: direct.headers }),
    rawRequest(viaBff.url, { headers: viaBff.headers }),
  ]);
  const where = `${e.label} (${e.path})`;
  if (a.status !== 200) throw new Error(`${where}: the server answered ${a.status} ${a.text.slice(0, 300)}`);
  if (b.status !== 200) throw new Error(`${where}: the BFF answered ${b.status} ${b.text.slice(0, 300)}`);
  let ja: unknown;
  let jb: unknown;
  try {
    ja = JSON.parse(a.text);
    jb = JSON.parse(b.text);
  } catch {
    throw new Error(`${where}: an answer is not JSON`);
  }
  const wrong = e.check(ja);
  if (wrong) throw new Error(`${where}: the server's answer is ${wrong}: ${a.text.slice(0, 300)}`);
  if (!isDeepStrictEqual(ja, jb)) {
    throw new Error(
      `${where}: the BFF's answer differs from the server's\n  server: ${a.text.slice(0, 300)}\n  BFF:    ${b.text.slice(0, 300)}`,
    );
  }
  return { direct: Buffer.byteLength(a.text), bff: Buffer.byteLength(b.text) };
}

async function cannon(
  what: string,
  target: CannonTarget,
  seconds: number,
  connections: number,
): Promise<CannonResult> {
  const r = await runCannon(target, { seconds, connections }, { setStop: (s) => (stopCannon = s) });
  const { non2xx, errors, timeouts } = r.failures;
  if (non2xx || errors || timeouts || r.latency.n === 0) {
    const probe = await rawRequest(target.url, { headers: target.headers }).catch((e: unknown) => ({
      status: 0,
      text: e instanceof Error ? e.message : String(e),
    }));
    throw new Error(
      `${what}: ${r.latency.n} answers 2xx, ${non2xx} not 2xx, ${errors} errors, ${timeouts} timeouts; ` +
        `one more request now answers ${probe.status} ${probe.text.slice(0, 300)}`,
    );
  }
  return r;
}

/** cannon() with the CPU time the API server, the BFF and this process (autocannon) spent. */
async function metered(
  what: string,
  target: CannonTarget,
  seconds: number,
  connections: number,
  procs: { server: ChildHandle; bff: ChildHandle },
): Promise<Measured> {
  const server0 = procs.server.cpuMs();
  const bff0 = procs.bff.cpuMs();
  const client0 = process.cpuUsage();
  const r = await cannon(what, target, seconds, connections);
  const client = process.cpuUsage(client0);
  const server1 = procs.server.cpuMs();
  const bff1 = procs.bff.cpuMs();
  const n = r.latency.n;
  return {
    ...r,
    cpuMsPerRequest: {
      ...(server0 === undefined || server1 === undefined ? {} : { server: (server1 - server0) / n }),
      ...(bff0 === undefined || bff1 === undefined ? {} : { bff: (bff1 - bff0) / n }),
      client: (client.user + client.system) / 1000 / n,
    },
  };
}

function bffDatabase(kind: DbKind, postgresUrl: string): { env: Record<string, string>; db?: BenchDatabase } {
  if (kind === 'pglite') return { env: { BFF_DATA_DIR: 'memory' } };
  const db = createDatabase('postgres', postgresUrl);
  const { DATABASE_URL = postgresUrl, DATABASE_SCHEMA = '' } = db.serverEnv;
  return { env: { BFF_DATABASE_URL: DATABASE_URL, BFF_DATABASE_SCHEMA: DATABASE_SCHEMA }, db };
}

/** Where the processes run: what a reader needs to compare figures across runs. */
function placement(opts: BffBenchOptions, cpus: number): string {
  if (!opts.serverCpus && !opts.bffCpus)
    return `the client, the API server, the BFF and the database share the machine's ${cpus} cores`;
  return (
    `API server on CPUs ${opts.serverCpus ?? 'any'}, BFF on CPUs ${opts.bffCpus ?? 'any'}; ` +
    `the client and the database may run on any of the ${cpus} cores`
  );
}

async function runOne(kind: DbKind, opts: BffBenchOptions): Promise<BffRun> {
  const serverDb = createDatabase(kind, opts.postgresUrl, { memory: true });
  const bffDb = bffDatabase(kind, opts.postgresUrl);
  let server: ServerHandle | undefined;
  let bff: BffHandle | undefined;
  let floor: ChildHandle | undefined;
  const undo = async () => {
    stopCannon?.();
    await Promise.all([bff?.stop(), floor?.stop(), server?.stop()]);
    await Promise.all([serverDb.dispose(false), bffDb.db?.dispose(false)]);
  };
  cleanup = undo;
  try {
    log(
      `\n-- ${serverDb.label}: API server on ${serverDb.location}, BFF on ${bffDb.db?.location ?? 'memory'}`,
    );
    server = await startServer(serverDb.serverEnv, opts.serverCpus);
    const liveServer = server;
    const work = async (): Promise<BffRun> => {
      const ids = await seed(liveServer, opts.objects, opts.seed);
      log(`  loaded ${int(ids.length)} objects into ${CLASS}`);
      bff = await startBff(liveServer, bffDb.env, opts.bffCpus);
      const liveBff = bff;
      floor = opts.floor ? await startFloorProxy(liveServer, opts.bffCpus) : undefined;
      const liveFloor = floor;
      const measure = async (): Promise<BffRun> => {
        const cookie = await logIn(liveBff);
        log(
          `  API server pid ${liveServer.pid} at ${liveServer.baseUrl}, BFF pid ${liveBff.pid} at ${liveBff.baseUrl}`,
        );
        const directHeaders = {
          [LC_HEADERS.id]: liveServer.keys.appId,
          [LC_HEADERS.key]: `${liveServer.keys.masterKey},${MASTER_SUFFIX}`,
        };
        const comparisons: Comparison[] = [];
        const objectId = ids[Math.floor(ids.length / 2)] ?? '';
        for (const e of endpoints(objectId)) {
          const direct: CannonTarget = { url: `${liveServer.baseUrl}${e.path}`, headers: directHeaders };
          const viaBff: CannonTarget = {
            url: `${liveBff.baseUrl}/api/apps/${BFF_APP}${e.path}`,
            headers: { cookie },
          };
          const bytes = await verify(e, direct, viaBff);
          const { duration, warmup, connections } = opts;
          if (warmup > 0) {
            await cannon(`${e.label}, direct warm-up`, direct, warmup, connections);
            await cannon(`${e.label}, BFF warm-up`, viaBff, warmup, connections);
          }
          const procs = { server: liveServer, bff: liveBff };
          const d = await metered(`${e.label}, direct`, direct, duration, connections, procs);
          const b = await metered(`${e.label}, through the BFF`, viaBff, duration, connections, procs);
          const f = liveFloor
            ? await metered(
                `${e.label}, through the bare proxy`,
                { url: `${liveFloor.baseUrl}/api/apps/${BFF_APP}${e.path}`, headers: {} },
                duration,
                connections,
                { server: liveServer, bff: liveFloor },
              )
            : undefined;
          const c: Comparison = {
            key: e.key,
            label: e.label,
            path: e.path,
            bytes,
            direct: d,
            bff: b,
            ...(f ? { floor: f } : {}),
            addedP50Ms: b.latency.p50 - d.latency.p50,
            ratio: b.requestsPerSecond / d.requestsPerSecond,
            latencyPass: b.latency.p50 - d.latency.p50 <= MAX_ADDED_P50_MS,
            throughputPass: b.requestsPerSecond / d.requestsPerSecond >= MIN_RATIO,
          };
          comparisons.push(c);
          log(
            `  ${e.label}: direct p50 ${fmt(d.latency.p50)} ms, ${int(d.requestsPerSecond)} req/s; ` +
              `BFF p50 ${fmt(b.latency.p50)} ms, ${int(b.requestsPerSecond)} req/s`,
          );
        }
        const serverRss = liveServer.peakRssMb();
        const bffRss = liveBff.peakRssMb();
        return {
          db: kind,
          dbLabel: serverDb.label,
          objects: ids.length,
          comparisons,
          ...(serverRss === undefined ? {} : { serverPeakRssMb: serverRss }),
          ...(bffRss === undefined ? {} : { bffPeakRssMb: bffRss }),
        };
      };
      return await Promise.race([measure(), liveBff.died]);
    };
    try {
      return await Promise.race([work(), liveServer.died]);
    } catch (e) {
      // A failed request is often a child process going down: give its exit a moment to be the reason.
      const exits = [liveServer.died, ...(bff ? [bff.died] : [])];
      await Promise.race([...exits, sleep(500)]).catch((died: unknown) => {
        throw died;
      });
      throw e;
    }
  } finally {
    await undo();
    cleanup = undefined;
  }
}

async function main(): Promise<void> {
  const opts = parseBffOptions(process.argv.slice(2), process.env);
  if (opts === 'help') {
    console.log(bffHelpText);
    return;
  }
  const machine: MachineFacts = {
    ...machineFacts(repoRoot),
    ...serverCode(repoRoot, ['server', 'shared', 'bff']),
  };
  if (opts.dbs.includes('postgres')) {
    const pg = await checkPostgres(opts.postgresUrl);
    machine.postgresVersion = pg.version;
  }
  const code = `${machine.serverCommit ?? 'unknown commit'}${machine.serverTreeDirty ? ' plus uncommitted changes in server/, shared/ or bff/' : ''}`;
  const machineLine =
    `machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.platform}` +
    (machine.postgresVersion ? `, Postgres ${machine.postgresVersion} at ${redact(opts.postgresUrl)}` : '');
  const load = () => loadavg()[0]?.toFixed(2) ?? '?';
  const busy =
    (loadavg()[0] ?? 0) >= 0.5 ? ': other processes are using the cores, the figures will be noisy' : '';
  log(
    `Switchboard BFF overhead benchmark\n${machineLine}\ncode: ${code}; 1-minute load average ${load()}${busy}`,
  );
  log(
    `autocannon, ${opts.connections} connections, ${opts.warmup} s warm-up then ${opts.duration} s measured per request and path; ` +
      placement(opts, machine.cpus),
  );
  const runs: BffRun[] = [];
  for (const kind of opts.dbs) runs.push(await runOne(kind, opts));
  for (const run of runs) log(`\n${formatRun(run, opts)}`);
  log(
    `\n${machineLine}; code ${code}; 1-minute load average at the end ${load()} (this benchmark's own processes included)`,
  );

  const dir = fileURLToPath(new URL('../results', import.meta.url));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const { postgresUrl, ...rest } = opts;
  const file = writeJson(
    dir,
    {
      benchmark: 'bff-overhead',
      machine,
      options: { ...rest, postgresUrl: redact(postgresUrl) },
      targets: { maxAddedP50Ms: MAX_ADDED_P50_MS, minRatio: MIN_RATIO },
      runs,
    },
    join(dir, `bff-${stamp}.json`),
  );
  log(`results: ${file}`);
}

runBenchmark(main, () => cleanup, 'stopping the API server and the BFF');
