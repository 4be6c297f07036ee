import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stack } from '../stack';
import { keysFileOf } from './server-logs';
import type { LoggedKeys } from './server-logs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
let starts = 0;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no free port'))));
    });
  });
}

export interface Started {
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Runs the README's `pnpm start` (scripts/start.ts) with its own data folder and ports and waits
 * until it prints the console URL. Its servers log every request (LOG_LEVEL=debug unless the
 * caller says otherwise); all it prints is also written to the run's log folder, with its keys
 * beside it, for the global teardown's search.
 */
export async function runStart(env: Record<string, string>): Promise<Started> {
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'debug', ...env };
  const logFile = join(stack.logDir, `pnpm-start-${process.pid}-${++starts}.log`);
  mkdirSync(stack.logDir, { recursive: true });
  writeFileSync(logFile, '');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const record = (d: Buffer) => {
    appendFileSync(logFile, d);
    out += d.toString();
  };
  child.stdout.on('data', record);
  child.stderr.on('data', record);
  const deadline = Date.now() + 90_000;
  while (!out.includes('Switchboard console: http')) {
    if (child.exitCode !== null) throw new Error(`pnpm start exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`pnpm start did not come up in time:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // The keys pnpm start generated (or was given), as scripts/start.ts picks them.
  const stored = JSON.parse(
    readFileSync(join(resolve(repoRoot, merged.SWITCHBOARD_DATA ?? 'data'), 'keys.json'), 'utf8'),
  ) as LoggedKeys;
  const keys: LoggedKeys = {
    appKey: merged.LC_APP_KEY ?? stored.appKey,
    masterKey: merged.LC_MASTER_KEY ?? stored.masterKey,
  };
  writeFileSync(keysFileOf(logFile), `${JSON.stringify(keys)}\n`);
  return {
    process: child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
