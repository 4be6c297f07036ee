import { withoutStatementTimeout } from './errors';
import type { Sql } from './index';

export interface Migration {
  id: string;
  sql: string;
}

/**
 * Applies the migrations not yet recorded in `table`, in order, each in its own transaction.
 * An advisory lock keyed on the table name keeps two processes starting together on one Postgres
 * from applying the same migration twice. Migrations are not bound by the statement time limit:
 * rewriting a large table may take longer than any request should.
 */
export async function migrate(sql: Sql, table: string, migrations: readonly Migration[]): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`invalid migrations table name ${table}`);
  await sql.exec(
    `CREATE TABLE IF NOT EXISTS ${table} (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  for (const m of migrations) {
    await sql.transaction(async (tx) => {
      await withoutStatementTimeout(tx);
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [table]);
      const done = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1`, [m.id]);
      if (done.length > 0) return;
      await tx.exec(m.sql);
      await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [m.id]);
    });
  }
}
