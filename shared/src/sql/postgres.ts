import pg from 'pg';
import type { Sql } from './index';

const SCHEMA_RE = /^[a-z_][a-z0-9_]{0,62}$/;

function clientSql(client: pg.PoolClient, statementTimeoutMs: number | undefined): Sql {
  const self: Sql = {
    kind: 'postgres',
    statementTimeoutMs,
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

export async function openPostgres(
  url: string,
  schema: string | undefined,
  statementTimeoutMs?: number,
): Promise<Sql> {
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
    // Sent with each connection's startup: every statement of the pool is limited.
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    statementTimeoutMs,
    query: async <R>(text: string, params?: readonly unknown[]) =>
      (await pool.query(text, params ? [...params] : undefined)).rows as R[],
    exec: async (text) => {
      await pool.query(text);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientSql(client, statementTimeoutMs));
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
