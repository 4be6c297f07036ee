/**
 * Switchboard API benchmark: for each database and size, starts the API server as a child
 * process on a fresh database, loads the objects through /1.1/batch, creates indexes through the
 * index API and times requests over HTTP. Prints a table per run (targets marked PASS/MISS) and
 * writes everything to bench/results/<timestamp>.json.
 *
 *   pnpm bench -- --sizes 100000 --dbs pglite      (pnpm bench -- --help for every flag)
 */
import { fileURLToPath } from 'node:url';
import { checkPostgres, createDatabase, redact } from './databases';
import type { BenchDatabase } from './databases';
import { ApiClient } from './http-client';
import { createIndexes, loadObjects, setClassPolicy } from './load';
import { measurements, RANGE_WIDTH, runMeasurement } from './measurements';
import type { MeasurementResult } from './measurements';
import { helpText, parseOptions } from './options';
import type { BenchOptions, DbKind } from './options';
import { formatRun, formatSummary, machineFacts, serverCode, writeJson } from './report';
import type { MachineFacts, RunResult } from './report';
import { repoRoot, startServer } from './server-process';
import type { ServerHandle } from './server-process';
import { runBenchmark } from './run-main';

const log = (line: string) => console.log(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Indexes created after the load: equality and count on group, the range query's order on score,
 * and the GIN on every field (opt-in since new classes no longer get it), which the equality on
 * the unindexed field `n` uses, so that figure stays comparable with runs before the change.
 */
const INDEXES: Record<string, 1 | -1>[] = [{ group: 1 }, { score: -1 }, { '$**': 1 }];

/** What to undo if the process is interrupted mid-run. */
let cleanup: (() => Promise<void>) | undefined;

async function runOne(kind: DbKind, objects: number, opts: BenchOptions): Promise<RunResult> {
  const db: BenchDatabase = createDatabase(kind, opts.postgresUrl);
  let server: ServerHandle | undefined;
  cleanup = async () => {
    await server?.stop();
    await db.dispose(opts.keep);
  };
  try {
    log(`\n-- ${db.label}, ${objects.toLocaleString('en-US')} objects (${db.location})`);
    const code = serverCode(repoRoot);
    server = await startServer(db.serverEnv);
    const live = server;
    const work = async (): Promise<RunResult> => {
      const loaderClient = new ApiClient(live.baseUrl, live.keys, opts.loaders);
      const client = new ApiClient(live.baseUrl, live.keys, 1);
      try {
        const load = await loadObjects(loaderClient, objects, {
          batchSize: opts.loadBatch,
          loaders: opts.loaders,
          seed: opts.seed,
          log,
        });
        log(
          `  load: ${Math.round(load.objectsPerSecond).toLocaleString('en-US')} objects/s in ${load.seconds.toFixed(1)} s`,
        );
        const indexes = await createIndexes(client, INDEXES);
        log(`  indexes: ${indexes.map((i) => `${i.name} in ${i.seconds.toFixed(1)} s`).join(', ')}`);
        if (opts.permissions) {
          await setClassPolicy(client);
          log('  class permissions and field options set');
        }
        const results: MeasurementResult[] = [];
        for (const m of measurements(load.ids, opts)) {
          const r = await runMeasurement(client, m);
          results.push(r);
          log(
            `  ${m.label}: p50 ${r.latency.p50.toFixed(2)} ms, p99 ${r.latency.p99.toFixed(2)} ms${r.target ? ` (${r.pass ? 'PASS' : 'MISS'})` : ''}`,
          );
        }
        const { ids: _ids, ...loadFacts } = load;
        const bytes = await db.size().catch(() => undefined);
        const rss = live.peakRssMb();
        return {
          db: kind,
          dbLabel: db.label,
          objects,
          ...code,
          load: loadFacts,
          indexes,
          measurements: results,
          ...(bytes === undefined ? {} : { databaseBytes: bytes }),
          ...(rss === undefined ? {} : { serverPeakRssMb: rss }),
        };
      } finally {
        loaderClient.close();
        client.close();
      }
    };
    try {
      return await Promise.race([work(), live.died]);
    } catch (e) {
      // A failed request is often the server going down: give its exit a moment to be the reason.
      await Promise.race([live.died, sleep(500)]).catch((died: unknown) => {
        throw died;
      });
      throw e;
    }
  } finally {
    await server?.stop();
    await db.dispose(opts.keep);
    if (opts.keep) log(`  kept the database: ${db.location}`);
    cleanup = undefined;
  }
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2), process.env);
  if (opts === 'help') {
    console.log(helpText);
    return;
  }
  const machine: MachineFacts = machineFacts(repoRoot);
  if (opts.dbs.includes('postgres')) {
    const pg = await checkPostgres(opts.postgresUrl);
    machine.postgresVersion = pg.version;
    machine.postgresSettings = pg.settings;
  }
  const resultsDir = opts.resultsDir ?? fileURLToPath(new URL('../results', import.meta.url));
  log(
    `Switchboard API benchmark: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB, Node ${machine.node}` +
      (machine.postgresVersion ? `, Postgres ${machine.postgresVersion} at ${redact(opts.postgresUrl)}` : ''),
  );
  if (machine.postgresSettings)
    log(
      `Postgres settings: ${Object.entries(machine.postgresSettings)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
    );
  log(
    `server code: ${machine.serverCommit ?? 'unknown commit'}${machine.serverTreeDirty ? ' plus uncommitted changes in server/ or shared/' : ''}`,
  );
  log(
    `sizes ${opts.sizes.join(', ')}; databases ${opts.dbs.join(', ')}; load batches of ${opts.loadBatch} x ${opts.loaders} loaders; ` +
      `${opts.warmup} warm-up + ${opts.iterations} timed requests each (batches: ${opts.batchIterations}, slow contrast queries: ${opts.contrastIterations})`,
  );
  const startedAt = new Date().toISOString();
  const runs: RunResult[] = [];
  let file: string | undefined;
  const save = () => {
    const { postgresUrl, ...rest } = opts;
    const payload = {
      startedAt,
      machine,
      options: { ...rest, postgresUrl: redact(postgresUrl) },
      indexes: INDEXES,
      rangeWidth: RANGE_WIDTH,
      runs,
    };
    file = writeJson(resultsDir, payload, file);
  };
  for (const kind of opts.dbs) {
    for (const size of opts.sizes) {
      const run = await runOne(kind, size, opts);
      runs.push(run);
      save();
      log(`\n${formatRun(run)}`);
    }
  }
  log(`\n== Summary (targets on p50) ==\n${formatSummary(runs)}`);
  log(
    `\nmachine: ${machine.cpus} CPUs, ${machine.cpuModel}, ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.platform}; server code ${machine.serverCommit ?? '?'}${machine.serverTreeDirty ? ' (with uncommitted changes)' : ''}`,
  );
  log(`results: ${file ?? '(none)'}`);
}

runBenchmark(main, () => cleanup, 'stopping the server and removing the benchmark database');
