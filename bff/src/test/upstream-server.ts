import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { openSql } from '@switchboard/shared/sql';

export interface UpstreamServer {
  url: string;
  keys: { appId: string; appKey: string; masterKey: string };
  stop(): Promise<void>;
}

const serverDir = fileURLToPath(new URL('../../../server', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts our API server as a separate process, reached over HTTP like any upstream: the bff never
 * imports it. Uses PGlite in memory, or a private Postgres schema under SB_TEST_DB=postgres.
 */
export async function startUpstreamServer(opts: { seedDemo?: boolean } = {}): Promise<UpstreamServer> {
  const port = await freePort();
  const keys = {
    appId: `app-${randomBytes(4).toString('hex')}`,
    appKey: randomBytes(12).toString('hex'),
    masterKey: randomBytes(12).toString('hex'),
  };
  const pg = process.env.SB_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const schema = pg ? `u_${randomBytes(8).toString('hex')}` : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      SERVER_PORT: String(port),
      SERVER_HOST: '127.0.0.1',
      LC_APP_ID: keys.appId,
      LC_APP_KEY: keys.appKey,
      LC_MASTER_KEY: keys.masterKey,
      DATA_DIR: 'memory',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: opts.seedDemo ? '1' : '0',
      ...(pg && schema ? { DATABASE_URL: pg, DATABASE_SCHEMA: schema } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Booting tsx and a database takes a few seconds idle, but far longer on a loaded CI machine.
  const deadline = Date.now() + 100_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the API server did not start within 100 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    keys,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      if (pg && schema) {
        const admin = await openSql({ url: pg });
        await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.close());
      }
    },
  };
}

/** Calls the upstream directly with its master key, as a test's view of what the app stores. */
export async function masterCall(
  upstream: UpstreamServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${upstream.url}${path}`, {
    method,
    headers: {
      'X-LC-Id': upstream.keys.appId,
      'X-LC-Key': `${upstream.keys.masterKey},master`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}
