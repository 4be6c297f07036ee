/** Command-line flags and environment variables of the API benchmark. */

export type DbKind = 'pglite' | 'postgres';

export interface BenchOptions {
  sizes: number[];
  dbs: DbKind[];
  postgresUrl: string;
  /** Objects per /1.1/batch request while loading. */
  loadBatch: number;
  /** Concurrent loader connections. */
  loaders: number;
  /** Sequential timed requests per targeted measurement, after `warmup` untimed ones. */
  iterations: number;
  warmup: number;
  /** Timed requests of the contrast measurements (unindexed range, count of the whole class). */
  contrastIterations: number;
  /** Timed batches of 100 creates. */
  batchIterations: number;
  quick: boolean;
  /** Class permissions (explicitly everyone) and field options set on the class before timing. */
  permissions: boolean;
  /** Leave the Postgres schema / PGlite folder in place after the run (for EXPLAIN). */
  keep: boolean;
  seed: number;
  resultsDir: string | undefined;
}

const HELP = `Switchboard API benchmark: loads objects through the REST API and times requests over HTTP.

  pnpm bench -- [flags]

  --sizes 100000,1000000      object counts (env BENCH_SIZES)
  --dbs pglite,postgres       databases (env BENCH_DBS)
  --pg-url URL                Postgres (env BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
  --load-batch 1000           objects per /1.1/batch request while loading (env BENCH_LOAD_BATCH)
  --loaders 2                 concurrent loaders (env BENCH_LOADERS)
  --iterations 500            timed requests per measurement (env BENCH_ITERATIONS)
  --warmup 50                 untimed requests before each measurement (env BENCH_WARMUP)
  --batch-iterations 200      timed batches of 100 creates (env BENCH_BATCH_ITERATIONS)
  --contrast-iterations 30    timed requests of the slow contrast queries (env BENCH_CONTRAST_ITERATIONS)
  --quick                     smoke run: 10k objects, fewer requests
  --keep                      keep the database (Postgres schema / PGlite folder) afterwards
  --permissions               set class permissions and field options on the class first
  --seed 1                    data generator seed
  --results-dir DIR           where the JSON goes (default bench/results)
  --help
`;

const KNOWN = [
  'sizes',
  'dbs',
  'pg-url',
  'load-batch',
  'loaders',
  'iterations',
  'warmup',
  'batch-iterations',
  'contrast-iterations',
  'quick',
  'keep',
  'permissions',
  'seed',
  'results-dir',
  'help',
];

function intList(raw: string, what: string): number[] {
  const out = raw.split(',').map((s) => {
    const n = Number(s.trim().replace(/_/g, '').replace(/k$/i, '000').replace(/m$/i, '000000'));
    if (!Number.isInteger(n) || n < 100) throw new Error(`${what}: "${s}" is not a whole number ≥ 100`);
    return n;
  });
  if (out.length === 0) throw new Error(`${what} is empty`);
  return out;
}

export function positive(raw: string, what: string, min = 1): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${what} must be a whole number ≥ ${min}, not "${raw}"`);
  return n;
}

export function dbList(raw: string, flag = '--dbs'): DbKind[] {
  return raw.split(',').map((s) => {
    const v = s.trim().toLowerCase();
    if (v === 'pglite' || v === 'postgres') return v;
    throw new Error(`${flag}: unknown database "${s}" (pglite or postgres)`);
  });
}

/**
 * The --flag value / --flag=value pairs of argv (a bare `--` from `pnpm bench -- ...` is skipped);
 * boolean flags take no value and read as '1'.
 */
export function readFlags(argv: string[], known: string[], booleans: Set<string>): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') continue;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}" (see --help)`);
    const [name = '', inline] = arg.slice(2).split('=', 2);
    if (!known.includes(name)) throw new Error(`unknown flag --${name} (see --help)`);
    if (booleans.has(name)) {
      flags.set(name, inline ?? '1');
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    flags.set(name, value);
  }
  return flags;
}

/** Parses argv over the BENCH_* environment. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions | 'help' {
  const flags = readFlags(argv, KNOWN, new Set(['quick', 'keep', 'permissions', 'help']));
  if (flags.has('help')) return 'help';

  const get = (flag: string, envName: string) => flags.get(flag) ?? env[envName];
  const quick = flags.get('quick') === '1' || env.BENCH_QUICK === '1';
  const sizes = get('sizes', 'BENCH_SIZES');
  const num = (flag: string, envName: string, dflt: number, quickDflt: number, min = 1) => {
    const raw = get(flag, envName);
    return raw === undefined ? (quick ? quickDflt : dflt) : positive(raw, `--${flag}`, min);
  };
  return {
    sizes: sizes ? intList(sizes, '--sizes') : quick ? [10_000] : [100_000, 1_000_000],
    dbs: dbList(get('dbs', 'BENCH_DBS') ?? 'pglite,postgres'),
    postgresUrl: get('pg-url', 'BENCH_DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/test',
    loadBatch: num('load-batch', 'BENCH_LOAD_BATCH', 1000, 1000),
    loaders: num('loaders', 'BENCH_LOADERS', 2, 2),
    iterations: num('iterations', 'BENCH_ITERATIONS', 500, 100),
    warmup: num('warmup', 'BENCH_WARMUP', 50, 20, 0),
    batchIterations: num('batch-iterations', 'BENCH_BATCH_ITERATIONS', 200, 30),
    contrastIterations: num('contrast-iterations', 'BENCH_CONTRAST_ITERATIONS', 30, 10),
    quick,
    keep: flags.get('keep') === '1' || env.BENCH_KEEP === '1',
    permissions: flags.get('permissions') === '1' || env.BENCH_PERMISSIONS === '1',
    seed: num('seed', 'BENCH_SEED', 1, 1, 0),
    resultsDir: get('results-dir', 'BENCH_RESULTS_DIR'),
  };
}

export const helpText = HELP;
