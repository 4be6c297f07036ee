import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
// Relative, not the package name: Vite loads its config with Node, which cannot import shared's .ts.
import { CSP_NONCE_PLACEHOLDER } from '../shared/src/console/errors.ts';
import { initialSizeReport } from './build/initial-size.ts';

// The BFF serves web/dist on CONSOLE_PORT and the console API under /api on the same origin;
// in development Vite serves the app and forwards /api so that cookies stay same-origin.
const BFF_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), initialSizeReport()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: separate chunks stay cached across releases.
        // The rest of node_modules is left to follow the routes that use it, so a library only one
        // lazily loaded area needs is not part of every first visit.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Only what every page needs (styling engine, theme, base components); the components
            // one lazily loaded area uses travel with it.
            // useMediaQuery only the push area's charts (@mui/x-charts) use: it travels with them.
            {
              name: 'mui',
              test: (id: string) =>
                /node_modules[\\/](@emotion|stylis|@mui[\\/](system|styled-engine|utils|private-theming))[\\/]/.test(
                  id,
                ) && !/[\\/]useMediaQuery[\\/]/.test(id),
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: BFF_ORIGIN, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: BFF_ORIGIN, changeOrigin: false } } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // Page tests type and click through whole forms; on a loaded 2-core machine that takes seconds.
    testTimeout: 30_000,
    // One file per core (vitest's default leaves one core idle on a 2-core machine).
    maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism(),
  },
});
