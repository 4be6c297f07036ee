import { availableParallelism } from 'node:os';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Test projects for packages with a database: every test file runs on PGlite, and again on
 * Postgres when TEST_DATABASE_URL is set (as .ci/run sets it).
 */
export function databaseProjects(include: string[]): TestProjectInlineConfiguration[] {
  const common = { include, testTimeout: 30_000, hookTimeout: 120_000 };
  const projects: TestProjectInlineConfiguration[] = [
    { test: { ...common, name: 'pglite', env: { SB_TEST_DB: 'pglite' } } },
  ];
  if (process.env.TEST_DATABASE_URL) {
    projects.push({ test: { ...common, name: 'postgres', env: { SB_TEST_DB: 'postgres' } } });
  }
  return projects;
}

/**
 * Test files running at once: one per core. Vitest's default (one less than the cores) is a single
 * worker on a 2-core machine, which leaves a core idle while a file waits on Postgres or on HTTP
 * round trips. Not more than the cores: some files check that a slow statement does not hold up
 * other requests, which needs a core free. TEST_WORKERS overrides it.
 */
export const databaseWorkers = Number(process.env.TEST_WORKERS) || availableParallelism();
