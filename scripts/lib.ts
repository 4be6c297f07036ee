import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root (scripts/ sits right under it). */
export const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Starts a TypeScript entry point of the repository as a child process. */
export function startTs(
  entry: string,
  env: Record<string, string | undefined>,
  opts: SpawnOptions = {},
): ChildProcess {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) merged[k] = v;
  return spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: merged,
    stdio: 'inherit',
    ...opts,
  });
}

/** Polls a URL until it answers 2xx; fails when the process exits first or time runs out. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function stopAll(children: ChildProcess[]): Promise<void> {
  return Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  ).then(() => undefined);
}

/**
 * Runs pnpm itself: the same pnpm that started this script (npm_execpath) when there is one, so a
 * machine that only has `npx pnpm@10` works too.
 */
export function pnpm(args: string[], opts: SpawnOptions = {}): Promise<void> {
  const execpath = process.env.npm_execpath;
  if (execpath && /pnpm/.test(execpath)) {
    return /\.(c|m)?js$/.test(execpath)
      ? run(process.execPath, [execpath, ...args], opts)
      : run(execpath, args, opts);
  }
  return run('pnpm', args, opts);
}
