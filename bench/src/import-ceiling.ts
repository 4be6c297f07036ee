/**
 * What the import cannot beat on this machine: `pnpm bench:import-ceiling -- [--objects N]
 * [--dbs pglite,postgres]`. Takes the Item objects of the benchmark's LeanCloud-format export,
 * prepares them with the server's own code (prepareObject) and writes them with the import's own
 * statement (upsertObjects: batches of 2000 into a fresh class table made by classTableDdl, three
 * batches in flight as the import keeps) straight into the database: no HTTP, no file reading, no
 * schema or relation work. Prints objects/s for the preparation alone and for the database alone,
 * with and without the table's GIN index on `data`, and the database's floor: the same objects' JSON
 * text into a bare two-column text table with no index and no JSON parsing at all.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuUsage } from 'node:process';
import { openSql } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import { prepareObject } from '../../server/src/routes/switchboard-import-prepare';
import type { PreparedObject } from '../../server/src/routes/switchboard-import-prepare';
import { upsertObjects } from '../../server/src/routes/switchboard-import-write';
import { classTableDdl, fieldsIndexDdl } from '../../server/src/store/tables';
import { writeBenchExport } from './import-export';
import { parseImportOptions, importHelp } from './import-options';
import type { DbKind } from './options';

const CLASS = 'CeilingItem';
const BATCH = 2000;
const IN_FLIGHT = 3;

async function exportedItems(objects: number): Promise<unknown[]> {
  const dir = await mkdtemp(join(tmpdir(), 'switchboard-ceiling-'));
  try {
    await writeBenchExport(dir, objects);
    const file = (await readdir(dir)).find((f) => f.startsWith('Item'));
    if (!file) throw new Error('the export has no Item file');
    const text = await readFile(join(dir, file), 'utf8');
    return text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as unknown);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `fn` and gives objects/s over wall time and over this process's CPU time. */
async function rate(count: number, fn: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const t0 = performance.now();
  const c0 = cpuUsage();
  await fn();
  const c = cpuUsage(c0);
  return {
    wall: Math.round(count / ((performance.now() - t0) / 1000)),
    cpu: Math.round(count / ((c.user + c.system) / 1e6)),
  };
}

/** Runs `write` on batches of BATCH items, IN_FLIGHT at a time, as the import keeps them. */
async function inBatches<T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const batch = items.slice(next, next + BATCH);
      next += BATCH;
      await write(batch);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
}

const writeAll = (sql: Sql, rows: PreparedObject[]) =>
  inBatches(rows, (batch) => sql.transaction((tx) => upsertObjects(tx, CLASS, batch, true)));

/** The same batches as plain text into `bare`: what moving the objects' text costs the database. */
const writeBare = (sql: Sql, rows: PreparedObject[]) =>
  inBatches(
    rows.map((o) => [o.row.id, JSON.stringify(o.row.data)] as const),
    (batch) =>
      sql.query('INSERT INTO bare SELECT * FROM unnest($1::text[], $2::text[])', [
        batch.map((t) => t[0]),
        batch.map((t) => t[1]),
      ]),
  );

async function openFresh(kind: DbKind, url: string): Promise<{ sql: Sql; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const sql = await openSql({});
    return { sql, drop: () => sql.close() };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const sql = await openSql({ url, schema });
  return {
    sql,
    drop: async () => {
      await sql.exec(`DROP SCHEMA "${schema}" CASCADE`);
      await sql.close();
    },
  };
}

async function main(): Promise<void> {
  const opts = parseImportOptions(process.argv.slice(2), process.env);
  if (opts === 'help') {
    console.log(importHelp.replace('pnpm bench:import', 'pnpm bench:import-ceiling'));
    return;
  }
  const raw = await exportedItems(opts.objects);
  const now = new Date();
  let rows: PreparedObject[] = [];
  const prep = await rate(raw.length, () => {
    rows = raw.map((o) => prepareObject('Item', o, now));
    return Promise.resolve();
  });
  console.log(`${raw.length.toLocaleString('en-US')} Item objects of the benchmark export`);
  console.log(`  prepareObject alone: ${prep.cpu.toLocaleString('en-US')} objects per CPU-second`);
  for (const kind of opts.dbs) {
    for (const gin of [true, false]) {
      const { sql, drop } = await openFresh(kind, opts.postgresUrl);
      try {
        await sql.exec(classTableDdl(CLASS));
        // The GIN on data is opt-in (server/src/store/optional-indexes.ts): built here to measure it.
        if (gin) await sql.exec(fieldsIndexDdl(CLASS));
        const r = await rate(rows.length, () => writeAll(sql, rows));
        const cpu = kind === 'pglite' ? `, ${r.cpu.toLocaleString('en-US')} per CPU-second` : '';
        console.log(
          `  ${kind === 'pglite' ? 'PGlite' : 'Postgres'} ${gin ? 'with' : 'without'} the GIN index on data: ` +
            `${r.wall.toLocaleString('en-US')} objects/s${cpu}`,
        );
      } finally {
        await drop();
      }
    }
    const { sql, drop } = await openFresh(kind, opts.postgresUrl);
    try {
      await sql.exec('CREATE TABLE bare (id text, data text)');
      const r = await rate(rows.length, () => writeBare(sql, rows));
      console.log(
        `  ${kind === 'pglite' ? 'PGlite' : 'Postgres'} floor, the objects' JSON text into a bare table: ` +
          `${r.wall.toLocaleString('en-US')} objects/s`,
      );
    } finally {
      await drop();
    }
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
