/**
 * `pnpm test`: everything CI checks, in order, stopping at the first failure. Unit and HTTP tests
 * run on PGlite, and on Postgres too when TEST_DATABASE_URL is set.
 */
import { ensureChromium } from './chromium';
import { ensureCjkFont } from './cjk-font';
import { runConformance } from './conformance';
import { pnpm, pnpmCaptured } from './lib';

const steps: [string, () => Promise<void>][] = [
  ['chromium', async () => void (await ensureChromium())],
  ['CJK font', ensureCjkFont],
  // Side by side: lint is one thread, so on a 2-core machine the three together take about as long
  // as lint alone. Each one's output is printed whole when it ends.
  [
    'typecheck, lint and root tests',
    () =>
      together([
        ['typecheck', ['typecheck']],
        ['lint', ['lint']],
        // The root's own: the commands README.md and docs/ name (scripts/docs-commands.test.ts).
        ['root tests', ['exec', 'vitest', 'run', '--config', 'scripts/vitest.config.ts']],
      ]),
  ],
  [
    'unit and HTTP tests',
    () => pnpm(['-r', '--workspace-concurrency=1', '--filter', '!@switchboard/e2e', 'test']),
  ],
  ['conformance kit', runConformance],
  ['end-to-end tests', () => pnpm(['--filter', '@switchboard/e2e', 'test'])],
];

/** Runs pnpm commands at once; fails, once all have ended, naming each that failed. */
async function together(commands: [string, string[]][]): Promise<void> {
  const results = await Promise.allSettled(
    commands.map(async ([name, args]) => {
      const started = Date.now();
      await pnpmCaptured(args);
      console.log(`--- ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [commands[i]?.[0] ?? '?'] : []));
  if (failed.length > 0) throw new Error(`failed: ${failed.join(', ')}`);
}

async function main(): Promise<void> {
  const timings: string[] = [];
  for (const [name, step] of steps) {
    const started = Date.now();
    console.log(`\n=== ${name} ===`);
    await step();
    timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`\nall checks passed\n${timings.map((t) => `  ${t}`).join('\n')}`);
}

main().catch((e: unknown) => {
  console.error(`\n${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
