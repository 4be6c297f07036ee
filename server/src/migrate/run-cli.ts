import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_KEYS } from '../test/harness';

const cli = fileURLToPath(new URL('../cli/migrate.ts', import.meta.url));

/** Runs `pnpm migrate` as the operator would, into the server at `targetUrl`: its exit code and output. */
export function runMigrateCli(
  targetUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: {
        ...process.env,
        MIGRATE_ALLOW_PRIVATE_SOURCES: '',
        LC_BASE_URL: targetUrl,
        LC_APP_ID: TEST_KEYS.appId,
        LC_MASTER_KEY: TEST_KEYS.masterKey,
        ...env,
      },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}
