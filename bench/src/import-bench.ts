/**
 * Import throughput: `pnpm bench:import -- [flags]`. Writes a LeanCloud-format export of N objects,
 * then per database starts a fresh server and runs `pnpm migrate` into it from the files; for the
 * live copy, a second fresh server is the target and the first one (now holding the data) the
 * source. Prints objects/s per database × source and the peak memory of the processes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBenchExport } from './import-export';
import { parseImportOptions, importHelp } from './import-options';
import type { ImportBenchOptions } from './import-options';
import { runMigrate } from './import-run';
import type { MigrateRun } from './import-run';
import { checkPostgres, createDatabase, redact } from './databases';
import type { BenchDatabase } from './databases';
import type { DbKind } from './options';
import { startServer } from './server-process';
import type { ServerHandle } from './server-process';

interface Row {
  db: string;
  source: 'files' | 'live';
  run: MigrateRun;
  serverPeakRssMb: number | undefined;
  /** CPU time the target server spent during the run: a figure other load on the machine moves less. */
  serverCpuMs: number | undefined;
}

/** Runs `fn` and tells the CPU time `server` used meanwhile. */
async function timedCpu<T>(
  server: ServerHandle,
  fn: () => Promise<T>,
): Promise<{ value: T; cpuMs?: number }> {
  const before = server.cpuMs();
  const value = await fn();
  const after = server.cpuMs();
  return before === undefined || after === undefined ? { value } : { value, cpuMs: after - before };
}

async function withServer<T>(
  db: BenchDatabase,
  fn: (s: ServerHandle) => Promise<T>,
): Promise<{ value: T; peak: number | undefined; cpuMs: number | undefined }> {
  const server = await startServer(db.serverEnv);
  try {
    const { value, cpuMs } = await timedCpu(server, () => Promise.race([fn(server), server.died]));
    return { value, peak: server.peakRssMb(), cpuMs };
  } finally {
    await server.stop();
  }
}

function check(run: MigrateRun, expected: number, what: string): void {
  if (run.failed > 0 || run.read !== expected)
    throw new Error(
      `${what}: read ${run.read} of ${expected}, ${run.failed} failed:\n${run.output.slice(-3000)}`,
    );
}

async function benchDatabase(kind: DbKind, o: ImportBenchOptions, exportDir: string, expected: number) {
  const rows: Row[] = [];
  const sourceDb = createDatabase(kind, o.postgresUrl);
  const targetDb = createDatabase(kind, o.postgresUrl);
  const batch = o.batchSize === undefined ? [] : ['--batch-size', String(o.batchSize)];
  try {
    const source = await startServer(sourceDb.serverEnv);
    try {
      const { value: files, cpuMs } = await timedCpu(source, () =>
        Promise.race([runMigrate(source, [exportDir, ...batch]), source.died]),
      );
      check(files, expected, `${sourceDb.label} from files`);
      rows.push({
        db: sourceDb.label,
        source: 'files',
        run: files,
        serverPeakRssMb: source.peakRssMb(),
        serverCpuMs: cpuMs,
      });
      console.log(`  ${sourceDb.label} from files: ${files.perSecond} objects/s`);
      if (o.sources.includes('live')) {
        const checkpoint = join(exportDir, `.checkpoint-${kind}.json`);
        const {
          value: live,
          peak,
          cpuMs: liveCpu,
        } = await withServer(targetDb, (target) =>
          Promise.race([
            runMigrate(target, [
              '--source-url',
              source.baseUrl,
              '--source-app-id',
              source.keys.appId,
              '--source-master-key',
              source.keys.masterKey,
              '--checkpoint',
              checkpoint,
            ]),
            source.died,
          ]),
        );
        check(live, expected, `${targetDb.label} live copy`);
        rows.push({
          db: targetDb.label,
          source: 'live',
          run: live,
          serverPeakRssMb: peak,
          serverCpuMs: liveCpu,
        });
        console.log(`  ${targetDb.label} live copy: ${live.perSecond} objects/s`);
      }
    } finally {
      await source.stop();
    }
  } finally {
    await sourceDb.dispose(o.keep);
    await targetDb.dispose(o.keep);
  }
  return rows;
}

function table(rows: Row[]): string {
  const head = [
    'database',
    'source',
    'objects',
    'seconds',
    'objects/s',
    'per server CPU-s',
    'server MB',
    'migrate MB',
  ];
  const cells = rows.map((r) => [
    r.db,
    r.source,
    String(r.run.read),
    r.run.seconds.toFixed(1),
    String(r.run.perSecond),
    r.serverCpuMs ? String(Math.round((r.run.read * 1000) / r.serverCpuMs)) : '?',
    String(r.serverPeakRssMb ?? '?'),
    String(r.run.peakRssMb ?? '?'),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) =>
    c.map((v, i) => (i < 2 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), ...cells.map(line)].join('\n');
}

async function main(): Promise<void> {
  const o = parseImportOptions(process.argv.slice(2), process.env);
  if (o === 'help') {
    console.log(importHelp);
    return;
  }
  if (o.dbs.includes('postgres')) {
    const pg = await checkPostgres(o.postgresUrl);
    console.log(`Postgres ${pg.version} at ${redact(o.postgresUrl)} ${JSON.stringify(pg.settings)}`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-import-bench-'));
  try {
    const exp = await writeBenchExport(dir, o.objects);
    const expected = exp.objects + exp.members;
    console.log(
      `Export: ${exp.objects} objects and ${exp.members} relation members in ${dir}; batches of ${o.batchSize ?? 'the default size'}`,
    );
    const rows: Row[] = [];
    for (const kind of o.dbs) rows.push(...(await benchDatabase(kind, o, dir, expected)));
    console.log(
      `\nImport throughput (objects and relation members read per second, by the command's report)\n`,
    );
    console.log(table(rows));
  } finally {
    if (!o.keep) await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
