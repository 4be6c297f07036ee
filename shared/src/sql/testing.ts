import { randomBytes } from 'node:crypto';
import { openSql } from './open';
import type { Sql } from './index';

export interface TestDatabase {
  sql: Sql;
  /** Closes the connection and removes everything the test created. */
  drop(): Promise<void>;
}

/**
 * A private database for one test file: PGlite in memory by default, or, when the test run asks
 * for Postgres (SB_TEST_DB=postgres), a schema of its own on TEST_DATABASE_URL that is dropped
 * afterwards, so files running in parallel never see each other's rows.
 */
export async function openTestDatabase(
  opts: { statementTimeoutMs?: number | undefined } = {},
): Promise<TestDatabase> {
  if (process.env.SB_TEST_DB !== 'postgres') {
    const sql = await openSql({ statementTimeoutMs: opts.statementTimeoutMs });
    return { sql, drop: () => sql.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('SB_TEST_DB=postgres needs TEST_DATABASE_URL');
  const schema = `t_${randomBytes(8).toString('hex')}`;
  const sql = await openSql({ url, schema, statementTimeoutMs: opts.statementTimeoutMs });
  return {
    sql,
    drop: async () => {
      await sql.close();
      const admin = await openSql({ url });
      try {
        await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await admin.close();
      }
    },
  };
}
