import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from '@electric-sql/pglite';
import type { Sql } from './index';

function wrapTx(tx: Transaction): Sql {
  const self: Sql = {
    kind: 'pglite',
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

export async function openPglite(dataDir: string | undefined): Promise<Sql> {
  const inMemory = dataDir === undefined || dataDir === 'memory';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(inMemory ? {} : { dataDir });
  return {
    kind: 'pglite',
    query: async <R>(text: string, params?: readonly unknown[]) =>
      (await db.query<R>(text, params ? [...params] : undefined)).rows,
    exec: async (text) => {
      await db.exec(text);
    },
    transaction: (fn) => db.transaction((tx) => fn(wrapTx(tx))),
    close: () => db.close(),
  };
}
