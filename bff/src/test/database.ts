import { migrate } from '@switchboard/shared/sql';
import { openTestDatabase } from '@switchboard/shared/sql/testing';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { bffMigrations } from '../db/migrations';

/** A private console database with every migration applied (PGlite, or Postgres when configured). */
export async function openConsoleDatabase(): Promise<TestDatabase> {
  const db = await openTestDatabase();
  await migrate(db.sql, 'bff_migrations', bffMigrations);
  return db;
}
