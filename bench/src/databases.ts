/**
 * The database of one run, fresh each time: PGlite in a new temporary folder on disk (1M rows do
 * not fit comfortably in memory) or in memory, or Postgres in a new schema `bench_<random>`. Both
 * are removed afterwards unless asked to keep them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSql } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { DbKind } from './options';

export interface BenchDatabase {
  kind: DbKind;
  label: string;
  /** Where it lives: the PGlite folder or the Postgres schema. */
  location: string;
  /** Environment for the API server. */
  serverEnv: Record<string, string>;
  /** Bytes on disk (PGlite folder) or of the schema's relations (Postgres), when known. */
  size(): Promise<number | undefined>;
  dispose(keep: boolean): Promise<void>;
}

/**
 * A connection of the bench's own to the server's database, for loading rows straight into
 * tables and measuring the database's floor beside the API.
 */
export function openDirect(db: BenchDatabase): Promise<Sql> {
  const env = db.serverEnv;
  return env.DATABASE_URL
    ? openSql({ url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA })
    : openSql({ dataDir: env.DATA_DIR ?? '' });
}

/** The Postgres version and the settings that explain its figures; fails early when unreachable. */
export async function checkPostgres(
  url: string,
): Promise<{ version: string; settings: Record<string, string> }> {
  const sql = await openSql({ url }).catch((e: unknown) => {
    throw new Error(`cannot reach Postgres at ${redact(url)}: ${e instanceof Error ? e.message : String(e)}`);
  });
  try {
    const rows = await sql.query<{ name: string; setting: string }>(
      `SELECT name, current_setting(name) AS setting FROM pg_settings
        WHERE name IN ('server_version', 'autovacuum', 'shared_buffers', 'synchronous_commit', 'max_parallel_workers_per_gather')`,
    );
    const settings = Object.fromEntries(rows.map((r) => [r.name, r.setting]));
    const { server_version: version = 'unknown', ...rest } = settings;
    return { version, settings: rest };
  } catch (e) {
    throw new Error(`cannot reach Postgres at ${redact(url)}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await sql.close();
  }
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(p);
    else if (entry.isFile()) total += statSync(p).size;
  }
  return total;
}

/** `memory`: PGlite in memory instead of a folder (small data sets). */
export function createDatabase(
  kind: DbKind,
  postgresUrl: string,
  opts: { memory?: boolean } = {},
): BenchDatabase {
  if (kind === 'pglite' && opts.memory) {
    return {
      kind,
      label: 'PGlite (in memory)',
      location: 'memory',
      serverEnv: { DATA_DIR: 'memory' },
      size: () => Promise.resolve(undefined),
      dispose: () => Promise.resolve(),
    };
  }
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-'));
    return {
      kind,
      label: 'PGlite',
      location: dir,
      serverEnv: { DATA_DIR: dir },
      size: () => Promise.resolve(folderBytes(dir)),
      dispose: (keep) => {
        if (!keep) rmSync(dir, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  return {
    kind,
    label: 'Postgres',
    location: `schema ${schema}`,
    serverEnv: { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema },
    size: async () => {
      const sql = await openSql({ url: postgresUrl });
      try {
        const rows = await sql.query<{ bytes: string | null }>(
          `SELECT sum(pg_total_relation_size(c.oid))::text AS bytes
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'm')`,
          [schema],
        );
        return rows[0]?.bytes ? Number(rows[0].bytes) : undefined;
      } finally {
        await sql.close();
      }
    },
    dispose: async (keep) => {
      if (keep) return;
      const sql = await openSql({ url: postgresUrl });
      try {
        await sql.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await sql.close();
      }
    },
  };
}
