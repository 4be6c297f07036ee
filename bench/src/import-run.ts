/**
 * Runs `pnpm migrate` (server/src/cli/migrate.ts) as its own process against a running server,
 * as a person moving an app would, and reads its closing report: objects read, seconds, failures.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { repoRoot } from './server-process';
import type { ServerHandle } from './server-process';

export interface MigrateRun {
  /** Objects and relation members read, as the command's report counts them. */
  read: number;
  /** The command's own timing (from reading the first file to the last answer). */
  seconds: number;
  /** read / seconds, as the command computes it from its unrounded timing. */
  perSecond: number;
  /** Including process start (tsx compiles the command). */
  wallSeconds: number;
  failed: number;
  peakRssMb: number | undefined;
  output: string;
}

function vmHwmMb(pid: number | undefined): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** `args` after `migrate`; extra node flags (e.g. --cpu-prof) from BENCH_MIGRATE_NODE_ARGS. */
export async function runMigrate(target: ServerHandle, args: string[]): Promise<MigrateRun> {
  const nodeArgs = (process.env.BENCH_MIGRATE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'server/src/cli/migrate.ts', ...args],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        LC_BASE_URL: target.baseUrl,
        LC_APP_ID: target.keys.appId,
        LC_MASTER_KEY: target.keys.masterKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  // The peak is read while the process lives: /proc forgets it at exit.
  let peak: number | undefined;
  const poll = setInterval(() => {
    const now = vmHwmMb(child.pid);
    if (now !== undefined) peak = Math.max(peak ?? 0, now);
  }, 100);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  }).finally(() => {
    clearInterval(poll);
    process.removeListener('exit', killOnExit);
  });
  const wallSeconds = (Date.now() - started) / 1000;
  const m = /(\d+) objects read in ([\d.]+) s \((\d+) objects\/s\)/.exec(output);
  if (!m || (code !== 0 && code !== 1))
    throw new Error(`pnpm migrate ${args.join(' ')} exited with ${code}:\n${output.slice(-3000)}`);
  const failed = [...output.matchAll(/^\S.*: (\d+) failed/gm)].reduce((n, f) => n + Number(f[1]), 0);
  return {
    read: Number(m[1]),
    seconds: Number(m[2]),
    perSecond: Number(m[3]),
    wallSeconds,
    failed,
    peakRssMb: peak,
    output,
  };
}
