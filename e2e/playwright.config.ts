import { defineConfig } from '@playwright/test';
import { chromiumArgs, consoleUrl, serverUrl, stack } from './stack';
import { stackLogs } from './support/server-logs';

/** Starts a server through support/tee.ts, which copies all it prints to `log`. */
const logged = (log: string, entry: string) =>
  `node --import tsx support/tee.ts ${JSON.stringify(log)} node --import tsx ${entry}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  // Searches every log line of the run and the built console for the app's keys.
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: consoleUrl,
    launchOptions: { executablePath: stack.chromium, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: logged(stackLogs.server, '../server/src/main.ts'),
      url: `${serverUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SERVER_PORT: String(stack.serverPort),
        SERVER_HOST: '127.0.0.1',
        LC_APP_ID: stack.appId,
        LC_APP_KEY: stack.appKey,
        LC_MASTER_KEY: stack.masterKey,
        DATA_DIR: 'memory',
        SEED_DEMO_DATA: '1',
        // A line per request only at debug; the teardown searches those lines.
        LOG_LEVEL: 'debug',
      },
    },
    {
      command: logged(stackLogs.bff, '../bff/src/main.ts'),
      url: `${consoleUrl}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        CONSOLE_PORT: String(stack.consolePort),
        CONSOLE_HOST: '127.0.0.1',
        BFF_DATA_DIR: 'memory',
        CONSOLE_ADMIN_EMAIL: stack.admin.email,
        CONSOLE_ADMIN_PASSWORD: stack.admin.password,
        UPSTREAM_URL: serverUrl,
        UPSTREAM_NAME: 'E2E shop',
        UPSTREAM_APP_ID: stack.appId,
        UPSTREAM_APP_KEY: stack.appKey,
        UPSTREAM_MASTER_KEY: stack.masterKey,
        // The specs' own "other hosts" (old file hosts, sources) are servers on this machine;
        // the console as shipped fetches from public addresses only.
        CONSOLE_ALLOW_PRIVATE_SOURCES: '1',
        // One line per request, as for the API server.
        LOG_LEVEL: 'debug',
      },
    },
  ],
});
