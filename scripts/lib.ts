import { execFile, spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
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
 * How to run pnpm itself: the same pnpm that started this process (npm_execpath) when there is
 * one, else pnpm 10 through npx as the README does, so a machine without pnpm installed works too.
 */
export function pnpmCommand(): { cmd: string; prefix: string[] } {
  const execpath = process.env.npm_execpath;
  if (execpath && /pnpm/.test(execpath)) {
    return /\.(c|m)?js$/.test(execpath)
      ? { cmd: process.execPath, prefix: [execpath] }
      : { cmd: execpath, prefix: [] };
  }
  return { cmd: 'npx', prefix: ['--yes', 'pnpm@10'] };
}

/**
 * pnpmCommand, with the npx fallback replaced by the pnpm it would run (found once), for callers
 * that run pnpm many times: npx spends seconds on every start.
 */
export async function pnpmResolved(): Promise<{ cmd: string; prefix: string[] }> {
  const command = pnpmCommand();
  if (command.cmd !== 'npx') return command;
  const { stdout } = await promisify(execFile)('npx', ['--yes', '-p', 'pnpm@10', 'which', 'pnpm']);
  return { cmd: stdout.trim(), prefix: [] };
}

/** Runs pnpm (see pnpmCommand) to completion with inherited output. */
export function pnpm(args: string[], opts: SpawnOptions = {}): Promise<void> {
  const { cmd, prefix } = pnpmCommand();
  return run(cmd, [...prefix, ...args], opts);
}

/**
 * Runs pnpm to completion with its output held back and printed whole at the end (for steps that
 * run side by side, whose interleaved lines would be unreadable); rejects on a non-zero exit.
 */
export function pnpmCaptured(args: string[]): Promise<void> {
  const { cmd, prefix } = pnpmCommand();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, [...prefix, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(chunks));
      if (code === 0) resolve();
      else reject(new Error(`pnpm ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? res(a.port) : rej(new Error('no free port'))));
    });
  });
}
