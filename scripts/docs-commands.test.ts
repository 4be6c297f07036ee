/**
 * Every `pnpm <command>` the README and docs/ name does what they say: it names a script of the
 * root package (or, with --filter, of that package) that pnpm runs, rather than a built-in command
 * of the same name that pnpm would run instead (pnpm 10's `server` is its store server, and
 * `pnpm server` used to exit 0 having started nothing). And the command that starts the API
 * server alone serves /healthz.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freePort, pnpmResolved, root, waitForHttp } from './lib';

const DOCS = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** pnpm's own commands that the docs mean as such. */
const MEANT_BUILTINS = new Set(['install']);
/** pnpm's built-in commands that run the package's script of the same name. */
const SCRIPT_BUILTINS = new Set(['start', 'test']);

interface Mention {
  where: string;
  /** The package of `--filter <package>`; undefined for the root. */
  filter: string | undefined;
  /** The command after pnpm's own flags; undefined when a flag is one this test does not know. */
  name: string | undefined;
}

/** The pnpm commands of a Markdown text: `pnpm` (or `pnpm@10`) and its arguments, in code. */
function pnpmMentions(text: string, file: string): Mention[] {
  const out: Mention[] = [];
  for (const m of text.matchAll(/\bpnpm(?:@\S+)?[ \t]+([^`\n&;|]*)/g)) {
    const line = text.slice(0, m.index).split('\n').length;
    const args = (m[1] ?? '').trim().split(/\s+/);
    let filter: string | undefined;
    while (args[0] === '--filter') {
      filter = args[1];
      args.splice(0, 2);
    }
    const first = args[0];
    const name = first && /^[a-z][\w:.-]*$/.test(first) ? first : undefined;
    out.push({ where: `${file}:${line} (pnpm ${(m[1] ?? '').trim()})`, filter, name });
  }
  return out;
}

const packageJson = (filter: string | undefined): { scripts?: Record<string, string> } => {
  const dir = filter === undefined ? '.' : filter.replace(/^@switchboard\//, '');
  return JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
};

const pnpmRun = promisify(execFile);
const pnpm = pnpmResolved();

/** Whether pnpm has a command (or alias) of this name, which `pnpm <name>` runs instead of a script. */
async function isPnpmCommand(name: string): Promise<boolean> {
  const { cmd, prefix } = await pnpm;
  const { stdout } = await pnpmRun(cmd, [...prefix, 'help', name], { cwd: root });
  return !stdout.includes(`No results for "${name}"`);
}

const mentions = DOCS.flatMap((file) => pnpmMentions(readFileSync(join(root, file), 'utf8'), file));

describe('pnpm commands named in README.md and docs/', () => {
  it('finds them, including the API server, console, migration and benchmark commands', () => {
    const names = new Set(mentions.map((m) => m.name));
    for (const n of ['start', 'test', 'migrate', 'indexes', 'bench']) expect(names).toContain(n);
  });

  it('each names a script of its package', () => {
    const wrong = mentions
      .filter((m) => !(m.name !== undefined && MEANT_BUILTINS.has(m.name)))
      .filter((m) => m.name === undefined || !Object.hasOwn(packageJson(m.filter).scripts ?? {}, m.name))
      .map((m) => m.where);
    expect(wrong).toEqual([]);
  });

  it('no script they name is shadowed by a pnpm command of the same name', async () => {
    // The check itself: pnpm's store server is a command, a made-up name is not.
    expect(await isPnpmCommand('server')).toBe(true);
    expect(await isPnpmCommand('no-such-command-here')).toBe(false);
    const names = new Set(
      mentions.flatMap((m) =>
        m.name && !MEANT_BUILTINS.has(m.name) && !SCRIPT_BUILTINS.has(m.name) ? [m.name] : [],
      ),
    );
    const shadowed = await Promise.all([...names].map(async (n) => ((await isPnpmCommand(n)) ? [n] : [])));
    expect(shadowed.flat()).toEqual([]);
  });
});

describe('the command the README gives for the API server alone', () => {
  it('starts it: /healthz answers, with the data in memory', async () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const name = /`pnpm ([\w:.-]+)` starts the API server alone/.exec(readme)?.[1];
    expect(name, 'README: "`pnpm <script>` starts the API server alone"').toBeDefined();
    const port = await freePort();
    const { cmd, prefix } = await pnpm;
    // A process group of its own: pnpm starts a shell, which starts the server.
    const child = spawn(cmd, [...prefix, name ?? ''], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        SERVER_PORT: String(port),
        SERVER_HOST: '127.0.0.1',
        DATA_DIR: 'memory',
        LC_APP_ID: 'docs-test-app',
        LC_APP_KEY: 'docs-test-app-key',
        LC_MASTER_KEY: 'docs-test-master-key',
        LOG_LEVEL: 'warn',
      },
    });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/healthz`, child);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await res.json()).toEqual({ status: 'ok' });
    } finally {
      await stopGroup(child);
    }
  });
});

/** Ends the process group the child leads (the child and what it started) and waits for it. */
function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
    return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  return exited;
}
