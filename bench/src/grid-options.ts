/** Command-line flags and environment variables of the data browser benchmark. */
import { dbList, positive, readFlags } from './options';
import type { DbKind } from './options';

export interface GridBenchOptions {
  db: DbKind;
  postgresUrl: string;
  /** Objects loaded into the benchmark class. */
  objects: number;
  /** Repetitions of each timed step. */
  runs: number;
  /** Rows to scroll through in each scrolling run. */
  scrollRows: number;
  /** Scrolling runs (each can take minutes: 100k rows at 3 rows a frame is 33k frames). */
  scrollRuns: number;
  /** Rows the scroll moves each frame. */
  rowsPerFrame: number;
  chromiumPath: string;
  /** Build the web app even when web/dist exists. */
  build: boolean;
  seed: number;
}

const HELP = `Switchboard data browser benchmark: loads objects into one class, serves the built console
through the BFF and times the data browser's grid in Chromium (first rows painted, scrolling).

  pnpm bench:grid -- [flags]

  --db pglite                 database of the API server: pglite (in memory) or postgres (env BENCH_DB)
  --pg-url URL                Postgres (env BENCH_DATABASE_URL or TEST_DATABASE_URL,
                              default postgres://postgres@127.0.0.1:5432/test)
  --objects 1000000           objects loaded into the class GridBench (env BENCH_OBJECTS)
  --runs 5                    repetitions of each timed step (env BENCH_RUNS)
  --scroll-rows 100000        rows to scroll through per scrolling run (env BENCH_SCROLL_ROWS)
  --scroll-runs 1             scrolling runs (env BENCH_SCROLL_RUNS)
  --rows-per-frame 3          rows the scroll moves each frame (env BENCH_ROWS_PER_FRAME)
  --chromium PATH             the browser (env CHROMIUM_PATH, default /usr/bin/chromium;
                              Debian: apt-get install -y chromium)
  --build                     build the web app first even when web/dist/index.html exists
                              (the benchmark measures whatever web/dist holds)
  --seed 1                    data generator seed (env BENCH_SEED)
  --help
`;

const KNOWN = [
  'db',
  'pg-url',
  'objects',
  'runs',
  'scroll-rows',
  'scroll-runs',
  'rows-per-frame',
  'chromium',
  'build',
  'seed',
  'help',
];

export function parseGridOptions(argv: string[], env: NodeJS.ProcessEnv): GridBenchOptions | 'help' {
  const flags = readFlags(argv, KNOWN, new Set(['help', 'build']));
  if (flags.has('help')) return 'help';
  const get = (flag: string, envName: string) => flags.get(flag) ?? env[envName];
  const num = (flag: string, envName: string, dflt: number, min = 1) => {
    const raw = get(flag, envName)?.replace(/_/g, '');
    return raw === undefined ? dflt : positive(raw, `--${flag}`, min);
  };
  const dbs = dbList(get('db', 'BENCH_DB') ?? 'pglite', '--db');
  if (dbs.length !== 1) throw new Error('--db: one database, pglite or postgres');
  return {
    db: dbs[0] ?? 'pglite',
    postgresUrl:
      flags.get('pg-url') ??
      env.BENCH_DATABASE_URL ??
      env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test',
    objects: num('objects', 'BENCH_OBJECTS', 1_000_000, 100),
    runs: num('runs', 'BENCH_RUNS', 5),
    scrollRows: num('scroll-rows', 'BENCH_SCROLL_ROWS', 100_000),
    scrollRuns: num('scroll-runs', 'BENCH_SCROLL_RUNS', 1),
    rowsPerFrame: num('rows-per-frame', 'BENCH_ROWS_PER_FRAME', 3),
    chromiumPath: get('chromium', 'CHROMIUM_PATH') ?? '/usr/bin/chromium',
    build: flags.get('build') === '1',
    seed: num('seed', 'BENCH_SEED', 1, 0),
  };
}

export const gridHelpText = HELP;
