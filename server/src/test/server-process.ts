import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as netServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { openSql } from '@switchboard/shared/sql';
import { TEST_KEYS } from './harness';

/**
 * Real server processes on one Postgres, for the tests of what several processes share. Only
 * on Postgres (PGlite is one process): the files using this run in the postgres project, as
 * src/push/engine/processes.test.ts does.
 */
export const onPostgres = process.env.SB_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port */
  url: string;
  /** ws://127.0.0.1:port/ */
  ws: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Repeats `probe` until it returns a value, failing after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A schema of its own on TEST_DATABASE_URL, processes started in it, all removed by `close`. */
export function processGroup() {
  const url = process.env.TEST_DATABASE_URL ?? '';
  const schema = `mp_${randomBytes(6).toString('hex')}`;
  const procs: ServerProcess[] = [];
  return {
    schema,
    async start(extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: SERVER_DIR,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          LC_APP_ID: TEST_KEYS.appId,
          LC_APP_KEY: TEST_KEYS.appKey,
          LC_MASTER_KEY: TEST_KEYS.masterKey,
          DATABASE_URL: url,
          DATABASE_SCHEMA: schema,
          SERVER_PORT: String(port),
          SERVER_HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ...extraEnv,
        },
      });
      const base = `http://127.0.0.1:${port}`;
      const p = { child, url: base, ws: `ws://127.0.0.1:${port}/` };
      procs.push(p);
      await until('the server to start', async () => {
        if (child.exitCode !== null) throw new Error(`a server process exited with ${child.exitCode}`);
        return fetch(`${base}/healthz`)
          .then((r) => (r.ok ? true : undefined))
          .catch(() => undefined);
      });
      return p;
    },
    async close(): Promise<void> {
      await Promise.all(
        procs.map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
              p.child.once('exit', () => resolve());
              p.child.kill('SIGTERM');
            }),
        ),
      );
      const admin = await openSql({ url });
      try {
        await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await admin.close();
      }
    },
  };
}
