import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/**
 * The stack the end-to-end tests run against: our API server (PGlite in memory, demo data) and
 * the bff serving the built console. Values are fixed once in the runner's environment so the
 * config, the web servers and the test workers all see the same ones.
 */
function once(name: string, make: () => string): string {
  process.env[name] ??= make();
  return process.env[name];
}

export const stack = {
  serverPort: Number(process.env.E2E_SERVER_PORT ?? 3310),
  consolePort: Number(process.env.E2E_CONSOLE_PORT ?? 3311),
  appId: once('E2E_APP_ID', () => `e2e${randomBytes(4).toString('hex')}`),
  appKey: once('E2E_APP_KEY', () => randomBytes(16).toString('hex')),
  masterKey: once('E2E_MASTER_KEY', () => randomBytes(20).toString('hex')),
  admin: {
    email: 'admin@e2e.example',
    password: once('E2E_ADMIN_PASSWORD', () => `pw-${randomBytes(8).toString('hex')}`),
  },
  chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  /**
   * Everything the API servers and console backends of the run print goes to files here, for the
   * global teardown to search. By default it sits in Playwright's output folder, which Playwright
   * empties before it starts the servers, so the logs of an earlier run are not read.
   */
  logDir: once('E2E_LOG_DIR', () => fileURLToPath(new URL('./test-results/server-logs', import.meta.url))),
};

export const serverUrl = `http://127.0.0.1:${stack.serverPort}`;
export const consoleUrl = `http://127.0.0.1:${stack.consolePort}`;

/** Flags for Chromium on a machine with no outside network (see the machine notes). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
