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
