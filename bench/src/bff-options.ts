/** Command-line flags and environment variables of the BFF overhead benchmark. */
import { dbList, positive, readFlags } from './options';
import type { DbKind } from './options';

export interface BffBenchOptions {
  dbs: DbKind[];
  postgresUrl: string;
  /** Objects loaded into the benchmark class. */
  objects: number;
  /** Seconds of each measured autocannon run. */
  duration: number;
  /** Seconds of the untimed autocannon run before each measured one. */
  warmup: number;
  /** Concurrent autocannon connections. */
  connections: number;
  seed: number;
  /** taskset CPU lists for the API server and the BFF; unset means the scheduler places them. */
  serverCpus: string | undefined;
  bffCpus: string | undefined;
  /** Also measures a bare Node proxy (floor-proxy.ts) on the BFF's CPUs, as a floor. */
  floor: boolean;
}

const HELP = `Switchboard BFF overhead benchmark: the same requests with autocannon against the API server
directly (master key) and through the console's BFF (session cookie), with the added latency.

  pnpm bench:bff -- [flags]

  --db pglite                 database of the API server and the BFF: pglite (in memory), postgres,
                              or both as pglite,postgres (env BENCH_DB)
  --pg-url URL                Postgres (env BENCH_DATABASE_URL or TEST_DATABASE_URL,
                              default postgres://postgres@127.0.0.1:5432/test)
  --objects 1000              objects loaded into the class BenchItem (env BENCH_OBJECTS)
  --duration 10               seconds of each measured run (env BENCH_DURATION)
  --warmup 3                  seconds of the untimed run before each measured one (env BENCH_WARMUP_SECONDS)
  --connections 10            concurrent connections (env BENCH_CONNECTIONS)
  --seed 1                    data generator seed (env BENCH_SEED)
  --server-cpus 0             run the API server on these CPUs only (taskset list; env BENCH_SERVER_CPUS)
  --floor                     also measure the cheapest Node proxy (no checks) on the BFF's CPUs: what
                              any extra Node hop costs on this machine
  --bff-cpus 1                run the BFF on these CPUs only, e.g. to give it a core of its own as a
                              deployment would (env BENCH_BFF_CPUS); the database is never pinned
  --help
`;

const KNOWN = [
  'db',
  'pg-url',
  'objects',
  'duration',
  'warmup',
  'connections',
  'seed',
  'server-cpus',
  'bff-cpus',
  'floor',
  'help',
];

function cpuList(raw: string | undefined, flag: string): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(raw))
    throw new Error(`${flag} takes a CPU list such as 0, 1-3 or 0,2 (got ${JSON.stringify(raw)})`);
  return raw;
}

export function parseBffOptions(argv: string[], env: NodeJS.ProcessEnv): BffBenchOptions | 'help' {
  const flags = readFlags(argv, KNOWN, new Set(['help', 'floor']));
  if (flags.has('help')) return 'help';
  const get = (flag: string, envName: string) => flags.get(flag) ?? env[envName];
  const num = (flag: string, envName: string, dflt: number, min = 1) => {
    const raw = get(flag, envName);
    return raw === undefined ? dflt : positive(raw, `--${flag}`, min);
  };
  return {
    dbs: dbList(get('db', 'BENCH_DB') ?? 'pglite', '--db'),
    postgresUrl:
      flags.get('pg-url') ??
      env.BENCH_DATABASE_URL ??
      env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test',
    objects: num('objects', 'BENCH_OBJECTS', 1000, 100),
    duration: num('duration', 'BENCH_DURATION', 10),
    warmup: num('warmup', 'BENCH_WARMUP_SECONDS', 3, 0),
    connections: num('connections', 'BENCH_CONNECTIONS', 10),
    seed: num('seed', 'BENCH_SEED', 1, 0),
    serverCpus: cpuList(get('server-cpus', 'BENCH_SERVER_CPUS'), '--server-cpus'),
    bffCpus: cpuList(get('bff-cpus', 'BENCH_BFF_CPUS'), '--bff-cpus'),
    floor: flags.has('floor'),
  };
}

export const bffHelpText = HELP;
