import { defineConfig } from 'vitest/config';
import { databaseProjects, databaseWorkers } from '../vitest.projects';

export default defineConfig({
  test: { maxWorkers: databaseWorkers, projects: databaseProjects(['src/**/*.test.ts']) },
});
