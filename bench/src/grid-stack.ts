/**
 * What the data browser benchmark runs against: the built web app, the API server with the
 * benchmark class loaded, and the BFF serving the app in front of it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startBff } from './bff-process';
import type { BffHandle } from './bff-process';
import { createDatabase } from './databases';
import type { BenchDatabase } from './databases';
import { GRID_CLASS, loadGridObjects } from './grid-data';
import type { GridLoad } from './grid-data';
import type { GridBenchOptions } from './grid-options';
import { repoRoot, startServer } from './server-process';
import type { ServerHandle } from './server-process';

export interface Stack {
  server: ServerHandle;
  bff: BffHandle;
  load: GridLoad;
  /** The API server's database, for benches that write beside the server (Postgres). */
  db: BenchDatabase;
  dbLabel: string;
  /** Rejects when the API server or the BFF exits. */
  died: Promise<never>;
}

/** Builds web/dist when it is missing (or when asked); returns when index.html was built. */
export function ensureWebBuild(force: boolean, log: (line: string) => void): Date {
  const index = join(repoRoot, 'web/dist/index.html');
  if (force || !existsSync(index)) {
    log(
      force
        ? 'building the web app (pnpm --filter @switchboard/web build), as --build asks'
        : 'web/dist/index.html is missing: building the web app (pnpm --filter @switchboard/web build)',
    );
    const r = spawnSync('pnpm', ['--filter', '@switchboard/web', 'build'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (r.status !== 0 || !existsSync(index))
      throw new Error(`building the web app failed (${r.error?.message ?? `exit ${r.status}`})`);
  }
  return statSync(index).mtime;
}

function bffDatabase(opts: GridBenchOptions): { env: Record<string, string>; db?: BenchDatabase } {
  if (opts.db === 'pglite') return { env: { BFF_DATA_DIR: 'memory' } };
  const db = createDatabase('postgres', opts.postgresUrl);
  const { DATABASE_URL = opts.postgresUrl, DATABASE_SCHEMA = '' } = db.serverEnv;
  return { env: { BFF_DATABASE_URL: DATABASE_URL, BFF_DATABASE_SCHEMA: DATABASE_SCHEMA }, db };
}

/**
 * Starts the API server, loads the class and starts the BFF. `setUndo` gets, as soon as there is
 * something to undo, the function that stops the processes and drops the databases.
 */
export async function startStack(
  opts: GridBenchOptions,
  log: (line: string) => void,
  setUndo: (undo: () => Promise<void>) => void,
): Promise<Stack> {
  const serverDb = createDatabase(opts.db, opts.postgresUrl, { memory: true });
  const bffDb = bffDatabase(opts);
  const procs: { server?: ServerHandle; bff?: BffHandle } = {};
  setUndo(async () => {
    await Promise.all([procs.bff?.stop(), procs.server?.stop()]);
    await Promise.all([serverDb.dispose(false), bffDb.db?.dispose(false)]);
  });
  log(
    `API server on ${serverDb.label} (${serverDb.location}), BFF on ${bffDb.db?.location ?? 'PGlite in memory'}`,
  );
  const live = await startServer(serverDb.serverEnv);
  procs.server = live;
  log(`loading ${opts.objects.toLocaleString('en-US')} objects into ${GRID_CLASS} through /1.1/batch`);
  const load = await Promise.race([loadGridObjects(live, opts.objects, opts.seed, log), live.died]);
  log(
    `  loaded ${load.objects.toLocaleString('en-US')} objects in ${load.seconds.toFixed(1)} s ` +
      `(${Math.round(load.objectsPerSecond).toLocaleString('en-US')} objects/s)`,
  );
  const bff = await Promise.race([startBff(live, bffDb.env), live.died]);
  procs.bff = bff;
  log(`API server pid ${live.pid} at ${live.baseUrl}, BFF pid ${bff.pid} at ${bff.baseUrl}`);
  const died = Promise.race([live.died, bff.died]);
  died.catch(() => undefined); // observed by whoever races it
  return { server: live, bff, load, db: serverDb, dbLabel: serverDb.label, died };
}
