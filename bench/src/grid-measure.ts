/**
 * Time to the grid's first rows painted: after a click on the class in the class list (the app
 * already loaded), and for a deep link opened in a fresh page. Figures come from the page probe
 * (grid-in-page.ts) in page time, with the console API requests made meanwhile.
 */
import type { Page } from 'playwright-core';
import type { ApiRecorder } from './grid-browser';
import { probePainted, readProbe } from './grid-in-page';
import type { PageProbe } from './grid-in-page';

export const DATA_PATH = '/apps/default/data';

export interface TimedRequest {
  method: string;
  path: string;
  status: number;
  /** When it started, ms after the click or the navigation's start. */
  startMs: number;
  ms: number;
}

export interface FirstRowsRun {
  /** To the first frame painted with a data row, ms. */
  paintedMs: number;
  /** To the row's insertion into the DOM, ms. */
  rowMs: number;
  /** To the start of the frame after the painted one (double rAF), ms. */
  nextFrameMs: number;
  /** The HTML's last byte and DOMContentLoaded, ms after the navigation's start (deep links). */
  htmlMs?: number;
  domContentLoadedMs?: number;
  requests: TimedRequest[];
  /** The grid's first page of objects (GET .../classes/<Class>?...): start and end, ms. */
  objects?: { startMs: number; endMs: number };
}

const PAINT_TIMEOUT_MS = 120_000;

async function measured(
  page: Page,
  rec: ApiRecorder,
  from: number,
  timeOrigin: number,
  className: string,
): Promise<FirstRowsRun> {
  const probe = await page.evaluate<PageProbe>(readProbe);
  await rec.settle();
  const { rowAt, paintedAt, nextFrameAt } = probe;
  if (rowAt === undefined || paintedAt === undefined) throw new Error('the probe saw no row painted');
  const epochFrom = timeOrigin + from;
  const requests = rec
    .since(epochFrom)
    .map(({ startedAt, ...r }) => ({ ...r, startMs: startedAt - epochFrom }));
  const objects = requests.find((r) => r.path.includes(`/1.1/classes/${className}?`));
  return {
    paintedMs: paintedAt - from,
    rowMs: rowAt - from,
    nextFrameMs: (nextFrameAt ?? NaN) - from,
    requests,
    ...(objects ? { objects: { startMs: objects.startMs, endMs: objects.startMs + objects.ms } } : {}),
  };
}

/**
 * Polls the probe from Node: the console's Content-Security-Policy forbids the string evaluation
 * that page.waitForFunction with an expression needs, and the benchmark leaves the CSP on.
 */
export async function waitPainted(page: Page, what: string): Promise<void> {
  const deadline = Date.now() + PAINT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await page.evaluate<boolean>(probePainted)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  const text = (
    await page
      .locator('body')
      .innerText()
      .catch(() => '')
  ).slice(0, 400);
  throw new Error(
    `${what}: no grid row painted within ${PAINT_TIMEOUT_MS / 1000} s; the page shows: ${text.replace(/\s+/g, ' ')}`,
  );
}

/**
 * Loads the class list, lets its own requests finish (someone looks at the list before choosing),
 * then clicks the class and times the first rows from the click. The next run loads the class
 * list again, which drops the app's query cache but keeps the browser's HTTP cache.
 */
export async function inAppNavigation(
  page: Page,
  rec: ApiRecorder,
  className: string,
): Promise<FirstRowsRun> {
  await page.goto(DATA_PATH);
  const link = page
    .getByRole('navigation', { name: 'Classes' })
    .getByRole('link', { name: className, exact: true });
  await link.waitFor({ timeout: 60_000 });
  await rec.settle();
  const timeOrigin = await page.evaluate<number>('performance.timeOrigin');
  await link.click();
  await waitPainted(page, `clicking ${className} in the class list`);
  const clickAt = (await page.evaluate<PageProbe>(readProbe)).clickAt;
  if (clickAt === undefined) throw new Error('the click on the class link was not seen by the page');
  return measured(page, rec, clickAt, timeOrigin, className);
}

/** Opens the class's page by its URL in `page` (a fresh page, or one whose HTTP cache is warm). */
export async function deepLink(page: Page, rec: ApiRecorder, className: string): Promise<FirstRowsRun> {
  await page.goto(`${DATA_PATH}/${encodeURIComponent(className)}`);
  await waitPainted(page, `opening ${DATA_PATH}/${className}`);
  const timeOrigin = await page.evaluate<number>('performance.timeOrigin');
  const nav = await page.evaluate<{ html: number; dcl: number } | undefined>(
    `(() => { const n = performance.getEntriesByType('navigation')[0]; return n && { html: n.responseEnd, dcl: n.domContentLoadedEventEnd }; })()`,
  );
  const run = await measured(page, rec, 0, timeOrigin, className);
  return nav ? { ...run, htmlMs: nav.html, domContentLoadedMs: nav.dcl } : run;
}
