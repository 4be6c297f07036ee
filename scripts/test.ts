/**
 * `pnpm test`: everything CI checks, in order, stopping at the first failure. Unit and HTTP tests
 * run on PGlite, and on Postgres too when TEST_DATABASE_URL is set.
 */
import { ensureChromium } from './chromium';
import { ensureCjkFont } from './cjk-font';
import { runConformance } from './conformance';
import { pnpm } from './lib';

const steps: [string, () => Promise<void>][] = [
  ['chromium', async () => void (await ensureChromium())],
  ['CJK font', ensureCjkFont],
  ['typecheck', () => pnpm(['typecheck'])],
  ['lint', () => pnpm(['lint'])],
  // The root's own: the commands README.md and docs/ name (scripts/docs-commands.test.ts).
  ['root tests', () => pnpm(['exec', 'vitest', 'run', '--config', 'scripts/vitest.config.ts'])],
  [
    'unit and HTTP tests',
    () => pnpm(['-r', '--workspace-concurrency=1', '--filter', '!@switchboard/e2e', 'test']),
  ],
  ['conformance kit', runConformance],
  ['end-to-end tests', () => pnpm(['--filter', '@switchboard/e2e', 'test'])],
];

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
