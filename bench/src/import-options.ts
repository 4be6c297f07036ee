/** Command-line flags and environment variables of the import benchmark. */
import { dbList, positive, readFlags } from './options';
import type { DbKind } from './options';

export interface ImportBenchOptions {
  objects: number;
  dbs: DbKind[];
  sources: ('files' | 'live')[];
  postgresUrl: string;
  /** Passed as --batch-size when given; otherwise the command's default. */
  batchSize: number | undefined;
  keep: boolean;
}

export const importHelp = `Switchboard import benchmark: runs pnpm migrate from an export and from a live server.

  pnpm bench:import -- [flags]

  --objects 100000        Item objects in the export (env BENCH_IMPORT_OBJECTS)
  --dbs pglite,postgres   databases (env BENCH_DBS)
  --sources files,live    what to import from (env BENCH_IMPORT_SOURCES)
  --pg-url URL            Postgres (env BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
  --batch-size N          objects per import request (pnpm migrate --batch-size; default its own)
  --keep                  keep the export, PGlite folders and Postgres schemas afterwards
  --help

BENCH_MIGRATE_NODE_ARGS / BENCH_NODE_ARGS add node flags (e.g. --cpu-prof) to the migrate command /
the servers.
`;

const KNOWN = ['objects', 'dbs', 'sources', 'pg-url', 'batch-size', 'keep', 'help'];

export function parseImportOptions(argv: string[], env: NodeJS.ProcessEnv): ImportBenchOptions | 'help' {
  const flags = readFlags(argv, KNOWN, new Set(['keep', 'help']));
  if (flags.has('help')) return 'help';
  const get = (flag: string, envName: string) => flags.get(flag) ?? env[envName];
  const sources = (get('sources', 'BENCH_IMPORT_SOURCES') ?? 'files,live').split(',').map((s) => {
    const v = s.trim();
    if (v === 'files' || v === 'live') return v;
    throw new Error(`--sources: unknown source "${s}" (files or live)`);
  });
  return {
    objects: positive(get('objects', 'BENCH_IMPORT_OBJECTS') ?? '100000', '--objects', 10),
    dbs: dbList(get('dbs', 'BENCH_DBS') ?? 'pglite,postgres'),
    sources,
    postgresUrl: get('pg-url', 'BENCH_DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/test',
    batchSize: ((raw) => (raw === undefined ? undefined : positive(raw, '--batch-size')))(
      get('batch-size', 'BENCH_IMPORT_BATCH'),
    ),
    keep: flags.get('keep') === '1' || env.BENCH_KEEP === '1',
  };
}
