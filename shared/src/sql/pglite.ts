import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Sql } from './index';
import { discardEmptyDataDir, emptyDataDir } from './pglite-template';

function wrapTx(tx: Transaction, statementTimeoutMs: number | undefined): Sql {
  const self: Sql = {
    kind: 'pglite',
    statementTimeoutMs,
    query: async <R>(text: string, params?: readonly unknown[]) =>
      (await tx.query<R>(text, params ? [...params] : undefined)).rows,
    exec: async (text) => {
      await tx.exec(text);
    },
    transaction: (fn) => fn(self),
    close: () => Promise.reject(new Error('cannot close inside a transaction')),
  };
  return self;
}

/** A new database in memory, from the kept empty data folder when there is a usable one. */
async function inMemoryDatabase(): Promise<PGlite> {
  const empty = await emptyDataDir();
  if (empty) {
    try {
      return await PGlite.create({ loadDataDir: empty });
    } catch {
      // A copy that does not load (damaged on disk): initdb as if there were none, and make a
      // new copy next time.
      await discardEmptyDataDir();
    }
  }
  return PGlite.create({});
}

export async function openPglite(dataDir: string | undefined, statementTimeoutMs?: number): Promise<Sql> {
  const inMemory = dataDir === undefined || dataDir === 'memory';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const db = inMemory ? await inMemoryDatabase() : await PGlite.create({ dataDir });
  // PGlite runs in this thread and has no timer to interrupt a statement with: the setting is
  // accepted but not enforced. It is set so that SHOW statement_timeout tells the truth about the
  // intended limit; the server enforces it where statements can run long (see Sql.statementTimeoutMs).
  if (statementTimeoutMs) await db.exec(`SET statement_timeout = ${statementTimeoutMs}`);
  return {
    kind: 'pglite',
    statementTimeoutMs,
    query: async <R>(text: string, params?: readonly unknown[]) =>
      (await db.query<R>(text, params ? [...params] : undefined)).rows,
    exec: async (text) => {
      await db.exec(text);
    },
    transaction: (fn) => db.transaction((tx) => fn(wrapTx(tx, statementTimeoutMs))),
    close: () => db.close(),
    // PGlite's LISTEN/NOTIFY works within the process that holds the database.
    listen: async (channel, onPayload) => {
      const stop = await db.listen(channel, onPayload);
      return () => stop();
    },
    notify: async (channel, payload) => {
      await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
  };
}
