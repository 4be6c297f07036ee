import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

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
 * until it prints the console URL.
 */
export async function runStart(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 90_000;
  while (!out.includes('Switchboard console: http')) {
    if (child.exitCode !== null) throw new Error(`pnpm start exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`pnpm start did not come up in time:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
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
