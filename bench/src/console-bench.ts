/**
 * What the console benchmarks that open pages in Chromium beside the data browser share: the
 * stack with a browser, waiting for a page probe's paint, and the latency rows they print.
 */
import type { Browser, Page } from 'playwright-core';
import { checkPostgres } from './databases';
import { launchChromium } from './grid-browser';
import type { GridBenchOptions } from './grid-options';
import { ensureWebBuild, startStack } from './grid-stack';
import type { Stack } from './grid-stack';
import type { OpenProbe } from './messages-in-page';
import { fmt } from './report';
import { summarize } from './stats';

/** Postgres checked, the web app built, Chromium launched, API server and BFF started. */
export async function startBrowserStack(
  opts: GridBenchOptions,
  log: (line: string) => void,
  setCleanup: (cleanup: () => Promise<void>) => void,
): Promise<{ browser: Browser; stack: Stack }> {
  await checkPostgres(opts.postgresUrl);
  ensureWebBuild(opts.build, log);
  const browser = await launchChromium(opts.chromiumPath);
  let undoStack: (() => Promise<void>) | undefined;
  setCleanup(async () => {
    await browser.close().catch(() => undefined);
    await undoStack?.();
  });
  const stack = await startStack(opts, log, (undo) => (undoStack = undo));
  return { browser, stack };
}

/** Polls window[`key`] (firstPaintProbe) until its paint is recorded; page ms since navigation. */
export async function probePaint(page: Page, key: string, what: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const probe = await page.evaluate<OpenProbe | undefined>(`window.${key}`);
    if (probe?.paintedAt !== undefined) return probe.paintedAt;
    if (Date.now() > deadline) throw new Error(`no ${what} painted within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One printed line of latencies: p50, p99 and max. */
export const latencyRow = (what: string, ms: number[]) => {
  const s = summarize(ms);
  return `  ${what.padEnd(44)} p50 ${fmt(s.p50).padStart(7)} ms   p99 ${fmt(s.p99).padStart(7)} ms   max ${fmt(s.max).padStart(7)} ms`;
};
