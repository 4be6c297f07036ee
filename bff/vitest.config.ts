import { defineConfig } from 'vitest/config';
import { databaseProjects } from '../vitest.projects';

export default defineConfig({ test: { projects: databaseProjects(['src/**/*.test.ts']) } });
