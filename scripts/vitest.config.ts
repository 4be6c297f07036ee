import { defineConfig } from 'vitest/config';

/**
 * The root's own tests (scripts/*.test.ts), run by `pnpm test`. Not named vitest.config.ts at the
 * root: vitest looks for a config upwards from a package, and would find it from packages that
 * have none of their own.
 */
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['scripts/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
