/**
 * `pnpm start`: the console with the embedded API server and demo data, on one machine.
 * Data lives in ./data (SWITCHBOARD_DATA); app keys are generated on first start and kept there.
 */
import { join } from 'node:path';
import { localData } from '../server/src/data-keys';
import { root, startTs, stopAll, waitForHttp } from './lib';
import { ensureWebBuild } from './web-build';

async function main(): Promise<void> {
  const env = process.env;
  const { dataDir, keys } = localData(root, env);
  const serverPort = env.SERVER_PORT ?? '3100';
  const consolePort = env.CONSOLE_PORT ?? '3000';
  const serverHost = env.SERVER_HOST ?? '127.0.0.1';
  const consoleHost = env.CONSOLE_HOST ?? '127.0.0.1';

  await ensureWebBuild();

  const server = startTs('server/src/main.ts', {
    SERVER_PORT: serverPort,
    SERVER_HOST: serverHost,
    LC_APP_ID: keys.appId,
    LC_APP_KEY: keys.appKey,
    LC_MASTER_KEY: keys.masterKey,
    DATA_DIR: env.DATABASE_URL ? undefined : join(dataDir, 'server'),
    SEED_DEMO_DATA: env.NO_DEMO_DATA === '1' ? '0' : '1',
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  });
  const children = [server];
  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    void stopAll(children).then(() => process.exit(code));
  };
  // A normal stop ends with 0, or pnpm reports "ELIFECYCLE Command failed". Ctrl+C reaches every
  // process of the group and pnpm passes it on again, so a signal may come twice: handle each one.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(0));
  // A child that ends on its own is a failure; one ended by the stop's signal is not.
  const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
    shutdown(signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : (code ?? 1));
  server.once('exit', onExit);

  const apiUrl = `http://127.0.0.1:${serverPort}`;
  await waitForHttp(`${apiUrl}/healthz`, server);
  const bff = startTs('bff/src/main.ts', {
    CONSOLE_PORT: consolePort,
    CONSOLE_HOST: consoleHost,
    BFF_DATA_DIR: env.BFF_DATABASE_URL ? undefined : join(dataDir, 'bff'),
    UPSTREAM_URL: apiUrl,
    UPSTREAM_NAME: env.UPSTREAM_NAME ?? 'Demo app',
    UPSTREAM_APP_ID: keys.appId,
    UPSTREAM_APP_KEY: keys.appKey,
    UPSTREAM_MASTER_KEY: keys.masterKey,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  });
  children.push(bff);
  bff.once('exit', onExit);
  await waitForHttp(`http://127.0.0.1:${consolePort}/healthz`, bff);
  const shownHost = consoleHost === '0.0.0.0' ? 'localhost' : consoleHost;
  console.log(
    [
      '',
      `Switchboard console: http://${shownHost}:${consolePort}`,
      `API server (LeanCloud REST API): ${apiUrl}  app id ${keys.appId}, app key ${keys.appKey}`,
      `The master key is in ${join(dataDir, 'keys.json')}. Press Ctrl+C to stop.`,
      '',
    ].join('\n'),
  );
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
