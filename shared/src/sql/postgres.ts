import pg from 'pg';
import type { Sql } from './index';

const SCHEMA_RE = /^[a-z_][a-z0-9_]{0,62}$/;

function clientSql(client: pg.PoolClient): Sql {
  const self: Sql = {
    kind: 'postgres',
    query: async <R>(text: string, params?: readonly unknown[]) =>
      (await client.query(text, params ? [...params] : undefined)).rows as R[],
    exec: async (text) => {
      await client.query(text);
    },
    transaction: (fn) => fn(self),
    close: () => Promise.reject(new Error('cannot close inside a transaction')),
  };
  return self;
}

export async function openPostgres(url: string, schema: string | undefined): Promise<Sql> {
  if (schema !== undefined && !SCHEMA_RE.test(schema)) {
    throw new Error(
      `invalid database schema name "${schema}": use lower-case letters, digits and underscore`,
    );
  }
  if (schema) {
    const boot = new pg.Client({ connectionString: url });
    await boot.connect();
    try {
      await boot.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await boot.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    query: async <R>(text: string, params?: readonly unknown[]) =>
      (await pool.query(text, params ? [...params] : undefined)).rows as R[],
    exec: async (text) => {
      await pool.query(text);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientSql(client));
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
