/**
 * Starts the API server (and, for the BFF benchmark, the console's BFF) as a child process
 * (`node --import tsx <entry>`, cwd at the repository root) and watches it: a benchmark step racing
 * `died` fails with the exit status and the last lines the process printed.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { AppKeys } from './http-client';

/** The repository root (bench/src/ sits two levels under it). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no free port'))));
    });
  });
}

/** A child process started by startChild, listening on baseUrl once it is returned. */
export interface ChildHandle {
  baseUrl: string;
  pid: number;
  /** Rejects when the process exits before stop() is called; never resolves. */
  died: Promise<never>;
  /** The process's peak resident memory (VmHWM) in MB, when /proc tells it. */
  peakRssMb(): number | undefined;
  /** The last lines the process printed (at most 40): what it logged about a failed call. */
  recentOutput(): string[];
  /** CPU time (user + system) the process has used so far in ms, when /proc tells it. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

export interface ServerHandle extends ChildHandle {
  keys: AppKeys;
}

/**
 * Extra node flags for the measured processes, e.g. `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`
 * to see where their time goes (node refuses --cpu-prof in NODE_OPTIONS).
 */
function childNodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Spawns `node --import tsx <entry>` with `env` and waits until GET <baseUrl><readyPath> answers
 * 2xx. If this process exits first, the child gets SIGKILL (it is only ever killed by its pid).
 */
export async function startChild(opts: {
  /** Named in errors, e.g. "the API server". */
  name: string;
  /** Script path relative to the repository root. */
  entry: string;
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  /** CPUs the process may run on, as taskset lists them ("0", "1-3"); unset means any. */
  cpus?: string | undefined;
}): Promise<ChildHandle> {
  const { name, port } = opts;
  const node = [process.execPath, ...childNodeArgs(), '--import', 'tsx', opts.entry];
  // taskset execs node, so the child's pid stays node's and /proc readings stay the process's own.
  const [command = process.execPath, ...args] = opts.cpus ? ['taskset', '-c', opts.cpus, ...node] : node;
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) tail.push(line);
    if (tail.length > 40) tail.splice(0, tail.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopping = false;
  const startedAt = Date.now();
  const died = new Promise<never>((_, reject) => {
    const fail = (why: string) =>
      reject(
        new Error(
          `${name} ${why}; ${tail.length ? `its last output:\n${tail.map((l) => `  | ${l}`).join('\n')}` : 'it printed nothing'}`,
        ),
      );
    child.once('error', (e) => fail(`could not start (${e.message})`));
    child.once('exit', (code, signal) => {
      process.removeListener('exit', killOnExit);
      if (stopping) return;
      const after = `after ${Math.round((Date.now() - startedAt) / 1000)} s`;
      fail(
        code === 0 && !signal
          ? `exited with code 0 ${after}, which it does when it gets SIGTERM or SIGINT from another process`
          : `exited unexpectedly (${signal ?? `code ${code}`}) ${after}`,
      );
    });
  });
  died.catch(() => undefined); // observed by whoever races it

  const baseUrl = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    const deadline = Date.now() + 120_000;
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}${opts.readyPath}`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${baseUrl}${opts.readyPath} did not answer within 120 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  try {
    await Promise.race([ready, died]);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    baseUrl,
    pid: child.pid ?? -1,
    died,
    recentOutput: () => [...tail],
    peakRssMb: () => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        return m ? Math.round(Number(m[1]) / 1024) : undefined;
      } catch {
        return undefined;
      }
    },
    cpuMs: () => {
      try {
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      } catch {
        return undefined;
      }
    },
    stop,
  };
}

export async function startServer(dbEnv: Record<string, string>, cpus?: string): Promise<ServerHandle> {
  const port = await freePort();
  const keys: AppKeys = {
    appId: `bench${randomBytes(4).toString('hex')}`,
    appKey: randomBytes(12).toString('hex'),
    masterKey: randomBytes(12).toString('hex'),
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...dbEnv,
    LC_APP_ID: keys.appId,
    LC_APP_KEY: keys.appKey,
    LC_MASTER_KEY: keys.masterKey,
    SERVER_PORT: String(port),
    SERVER_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  delete env.SEED_DEMO_DATA;
  const child = await startChild({
    name: 'the API server',
    entry: 'server/src/main.ts',
    env,
    port,
    readyPath: '/healthz',
    cpus,
  });
  return { ...child, keys };
}
