/**
 * Switchboard beside Parse Server on the same Postgres: for each server in turn (never both at
 * once), a fresh schema, a bulk load of the data set, a btree index on `group`, then get by id,
 * an indexed equality query of 100 objects, a count on the same condition and batches of 100
 * creates, each as `connections` concurrent requests. Repeated `runs` times, alternating which
 * server goes first; prints each run and the medians with Switchboard/Parse ratios, and writes
 * bench/results/peer-<timestamp>.json.
 *
 *   pnpm bench:peer -- --objects 100000 --runs 3 --seconds 10
 */
import { fileURLToPath } from 'node:url';
import { DbCpu } from './db-cpu';
import { checkPostgres, redact } from './databases';
import { MEASUREMENT_KEYS, bulkLoad, measure, peerMeasurements } from './peer-run';
import type { PeerFigures } from './peer-run';
import { formatPeerRun, formatPeerSummary } from './peer-report';
import type { PeerRun } from './peer-report';
import { startParse, startSwitchboard } from './peer-servers';
import type { PeerKind, PeerServer } from './peer-servers';
import { machineFacts, writeJson } from './report';
import { repoRoot } from './server-process';
import { runBenchmark } from './run-main';

interface PeerOptions {
  objects: number;
  runs: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  loadBatch: number;
  postgresUrl: string;
  servers: PeerKind[];
  /** Measurement keys to run (all when empty): a profile of one request kind. */
  only: string[];
  seed: number;
}

const HELP = `Switchboard beside Parse Server on the same Postgres.

  pnpm bench:peer -- [flags]

  --objects 100000     objects loaded before the measurements
  --runs 3             repetitions (medians are reported)
  --seconds 10         timed seconds per measurement (after --warmup 3 untimed)
  --connections 10     concurrent requests
  --load-batch 1000    objects per batch request of the bulk load (run on --connections loaders)
  --servers switchboard,parse
  --only get,eqIndexed,countIndexed,batch100   measurements to run (default all)
  --pg-url URL         (env BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
  --seed 1
`;

function parseOptions(argv: string[]): PeerOptions | 'help' {
  const opts: PeerOptions = {
    objects: 100_000,
    runs: 3,
    seconds: 10,
    warmupSeconds: 3,
    connections: 10,
    loadBatch: 1000,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    servers: ['switchboard', 'parse'],
    only: [],
    seed: 1,
  };
  const num = (flag: string, v: string | undefined) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0)
      throw new Error(`${flag} needs a positive integer, not ${v ?? 'nothing'}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--') continue;
    if (flag === '--help') return 'help';
    const v = argv[++i];
    switch (flag) {
      case '--objects':
        opts.objects = num(flag, v);
        break;
      case '--runs':
        opts.runs = num(flag, v);
        break;
      case '--seconds':
        opts.seconds = num(flag, v);
        break;
      case '--warmup':
        opts.warmupSeconds = num(flag, v);
        break;
      case '--connections':
        opts.connections = num(flag, v);
        break;
      case '--load-batch':
        opts.loadBatch = num(flag, v);
        break;
      case '--seed':
        opts.seed = num(flag, v);
        break;
      case '--pg-url':
        if (!v) throw new Error('--pg-url needs a URL');
        opts.postgresUrl = v;
        break;
      case '--only': {
        const keys = (v ?? '').split(',').filter(Boolean);
        const unknown = keys.filter((k) => !MEASUREMENT_KEYS.includes(k));
        if (!keys.length || unknown.length)
          throw new Error(`--only takes ${MEASUREMENT_KEYS.join(', ')}, not ${v ?? 'nothing'}`);
        opts.only = keys;
        break;
      }
      case '--servers': {
        const list = (v ?? '').split(',');
        if (!list.length || list.some((s) => s !== 'switchboard' && s !== 'parse'))
          throw new Error(`--servers takes switchboard and/or parse, not ${v ?? 'nothing'}`);
        opts.servers = list as PeerKind[];
        break;
      }
      default:
        throw new Error(`unknown flag ${flag ?? ''} (--help lists them)`);
    }
  }
  return opts;
}

const log = (line: string) => console.log(line);
let cleanup: (() => Promise<void>) | undefined;

async function runOne(kind: PeerKind, opts: PeerOptions, run: number): Promise<PeerRun> {
  const server: PeerServer =
    kind === 'parse' ? await startParse(opts.postgresUrl) : await startSwitchboard(opts.postgresUrl);
  cleanup = () => server.stop();
  let client = server.client(opts.connections);
  const dbCpu = await DbCpu.open(opts.postgresUrl, server.applicationName);
  try {
    const work = async (): Promise<PeerRun> => {
      log(`\n-- run ${run}: ${server.label}`);
      const load = await bulkLoad(server, client, opts.objects, {
        batchSize: opts.loadBatch,
        loaders: opts.connections,
        seed: opts.seed,
      });
      log(`  load: ${Math.round(load.objectsPerSecond).toLocaleString('en-US')} objects/s`);
      await server.indexGroup();
      const bytes = await server.classBytes();
      // Fresh connections: a server may have closed the idle ones while the index was built
      // (Node's keep-alive timeout is 5 s), and reusing one then fails with ECONNRESET.
      client.close();
      client = server.client(opts.connections);
      const figures: Record<string, PeerFigures> = {};
      const all = peerMeasurements(server, load.ids, opts.seed + run);
      for (const m of all.filter((x) => !opts.only.length || opts.only.includes(x.key))) {
        figures[m.key] = await measure(server, client, dbCpu, m, opts);
      }
      const result: PeerRun = {
        server: kind,
        label: server.label,
        run,
        loadObjectsPerSecond: load.objectsPerSecond,
        bytesPerObject: bytes / opts.objects,
        figures,
      };
      log(formatPeerRun(result));
      return result;
    };
    return await Promise.race([work(), server.handle.died]);
  } finally {
    client.close();
    await dbCpu.close();
    await server.stop();
    cleanup = undefined;
  }
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  if (opts === 'help') {
    console.log(HELP);
    return;
  }
  const machine = machineFacts(repoRoot);
  const pg = await checkPostgres(opts.postgresUrl);
  log(
    `Switchboard beside Parse Server: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, Postgres ${pg.version} at ${redact(opts.postgresUrl)}; ` +
      `${opts.objects.toLocaleString('en-US')} objects, ${opts.connections} connections, ${opts.seconds} s per measurement, ${opts.runs} runs`,
  );
  const runs: PeerRun[] = [];
  const resultsDir = fileURLToPath(new URL('../results', import.meta.url));
  let file: string | undefined;
  for (let r = 1; r <= opts.runs; r++) {
    // Alternating the order spreads a drift in the machine's load over both servers.
    const order = r % 2 === 1 ? opts.servers : [...opts.servers].reverse();
    for (const kind of order) {
      runs.push(await runOne(kind, opts, r));
      const { postgresUrl, ...rest } = opts;
      file = writeJson(
        resultsDir,
        {
          bench: 'peer',
          machine,
          postgres: pg,
          options: { ...rest, postgresUrl: redact(postgresUrl) },
          runs,
        },
        file,
      );
    }
  }
  log(`\n== Medians of ${opts.runs} runs ==\n${formatPeerSummary(runs)}`);
  log(`results: ${file ?? '(none)'}`);
}

runBenchmark(main, () => cleanup, 'stopping the server and removing its schema');
