/**
 * Scrolling the grid as it opens (through the whole result, its rows loaded in blocks as they
 * come into view): scrolls the grid's scroll container a fixed number of rows per frame and times
 * every frame (grid-in-page.ts), with the page's JavaScript heap before and after.
 */
import type { Page } from 'playwright-core';
import type { ApiRecorder } from './grid-browser';
import { jsHeapMb } from './grid-browser';
import { idleFrames, scrollGrid } from './grid-in-page';
import type { ScrollResult } from './grid-in-page';

export interface ScrollMeasurement {
  /** The page size chosen in the pager, when it has one. */
  pageSize?: number;
  runs: ScrollResult[];
  /** Frame durations of the same page idle for 2 s before scrolling, ms. */
  idleFrames: number[];
  heapMb: { before?: number; after?: number; afterGc?: number };
}

export async function measureScrolling(
  page: Page,
  rec: ApiRecorder,
  opts: { className: string; rows: number; rowsPerFrame: number; runs: number },
  log: (line: string) => void,
): Promise<ScrollMeasurement> {
  await page.getByRole('grid', { name: opts.className }).waitFor({ timeout: 60_000 });
  const pager = page.getByRole('button', { name: 'Next page' });
  const pageSize =
    (await pager.count()) > 0 ? Number(new URL(page.url()).searchParams.get('pageSize') ?? 100) : undefined;
  log(
    pageSize === undefined
      ? '  scrolling the grid through the whole result, as it opens'
      : `  the grid pages at ${pageSize} rows: scrolling one page`,
  );
  const idle = await page.evaluate<number[]>(idleFrames(2000));
  const before = await jsHeapMb(page, true);
  const runs: ScrollResult[] = [];
  for (let i = 0; i < opts.runs; i++) {
    const r = await page.evaluate<ScrollResult>(
      scrollGrid({ name: opts.className, rows: opts.rows, rowsPerFrame: opts.rowsPerFrame }),
    );
    if (r.error) throw new Error(`scrolling the grid: ${r.error}`);
    runs.push(r);
    const seconds = r.frames.reduce((a, b) => a + b, 0) / 1000;
    log(
      `  scroll ${i + 1}: ${r.rowsScrolled.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s, ` +
        `${(r.frames.length / seconds).toFixed(1)} fps, ${r.distinctRows} distinct rows seen, ` +
        `${r.busyFrames} frames with a loading row in view` +
        (r.stop === 'end' ? ` (the container ended at ${r.rowsOffered} rows)` : ''),
    );
    await rec.settle();
  }
  const after = await jsHeapMb(page);
  const afterGc = await jsHeapMb(page, true);
  return {
    ...(pageSize === undefined ? {} : { pageSize }),
    runs,
    idleFrames: idle,
    heapMb: {
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
      ...(afterGc === undefined ? {} : { afterGc }),
    },
  };
}
