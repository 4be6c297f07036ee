import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
// Relative, not the package name: Vite loads its config with Node, which cannot import shared's .ts.
import { CSP_NONCE_PLACEHOLDER } from '../shared/src/console/errors';

// The BFF serves web/dist on CONSOLE_PORT and the console API under /api on the same origin;
// in development Vite serves the app and forwards /api so that cookies stay same-origin.
const BFF_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the console: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|stylis)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': { target: BFF_ORIGIN, changeOrigin: false } } },
  preview: { proxy: { '/api': { target: BFF_ORIGIN, changeOrigin: false } } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
