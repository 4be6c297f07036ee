/**
 * `pnpm start` stops cleanly: Ctrl+C (SIGINT to the whole process group, as a terminal sends it)
 * and SIGTERM (to pnpm alone, as a service manager sends it) end it with exit code 0, without
 * pnpm's "ELIFECYCLE Command failed", and a start prints no unrelated Vite warning.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, pnpmResolved, root } from './lib';

const dataDir = mkdtempSync(join(tmpdir(), 'switchboard-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The process groups started here: a failed test must not leave a server running. */
const groups: number[] = [];
afterEach(() => {
  for (const pid of groups.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
});

/**
 * This process's environment for a command run as a person runs it: without the test runner's
 * NODE_ENV=test (React's development build would be measured against the size budget).
 */
function envFor(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of ['NODE_ENV', 'VITEST', 'VITEST_MODE', 'VITEST_POOL_ID', 'VITEST_WORKER_ID', 'TEST']) {
    Reflect.deleteProperty(env, key);
  }
  return env;
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Starts `pnpm start`, waits until it says where the console is, then sends `signal`. */
async function startAndStop(signal: NodeJS.Signals, toGroup: boolean): Promise<Run> {
  const { cmd, prefix } = await pnpmResolved();
  const [serverPort, consolePort] = [await freePort(), await freePort()];
  const child = spawn(cmd, [...prefix, 'start'], {
    cwd: root,
    // A process group of its own, so that "Ctrl+C" reaches every process of the start, as in a terminal.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: envFor({
      SWITCHBOARD_DATA: dataDir,
      SERVER_PORT: String(serverPort),
      CONSOLE_PORT: String(consolePort),
    }),
  });
  groups.push(child.pid!);
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl+C to stop.')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', () => reject(new Error(`pnpm start exited before it was ready:\n${output}`)));
  });
  const exited = new Promise<Run>((resolve) =>
    child.once('close', (code, sig) => resolve({ code, signal: sig, output })),
  );
  await ready;
  expect((await fetch(`http://127.0.0.1:${consolePort}/healthz`)).ok).toBe(true);
  if (toGroup) process.kill(-child.pid!, signal);
  else child.kill(signal);
  return exited;
}

describe('pnpm start', () => {
  it('ends with exit code 0 on Ctrl+C, and prints no ELIFECYCLE nor Vite config warning', async () => {
    const run = await startAndStop('SIGINT', true);
    expect(run.output).not.toMatch(/ELIFECYCLE|configLoader/);
    expect(run).toMatchObject({ code: 0, signal: null });
  });

  it('ends with exit code 0 on SIGTERM to every process, as a service manager stops it', async () => {
    const run = await startAndStop('SIGTERM', true);
    expect(run.output).not.toMatch(/ELIFECYCLE|configLoader/);
    expect(run).toMatchObject({ code: 0, signal: null });
  });

  it('ends with exit code 0 on SIGTERM to pnpm alone, leaving no process behind', async () => {
    const run = await startAndStop('SIGTERM', false);
    expect(run.output).not.toMatch(/ELIFECYCLE|configLoader/);
    expect(run).toMatchObject({ code: 0, signal: null });
  });
});

describe('the console build pnpm start runs when web/ changed', () => {
  it('prints no warning about the Vite config', async () => {
    const { cmd, prefix } = await pnpmResolved();
    const { stdout, stderr } = await promisify(execFile)(
      cmd,
      [...prefix, '--filter', '@switchboard/web', 'build'],
      { cwd: root, env: envFor() },
    );
    expect(`${stdout}${stderr}`).toContain('within the');
    expect(`${stdout}${stderr}`).not.toMatch(/configLoader|VITE_CONFIG_NATIVE_IGNORE_WARNING/);
  });
});
