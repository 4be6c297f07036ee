/**
 * The code the benchmark puts into every page of the browser before the app's own scripts, as
 * plain JavaScript source (it runs in Chromium, not in Node): `window.__gridBench` records when
 * the grid's first data row appears and is painted, the time of the last click on a link, and
 * scrolls the grid frame by frame, timing each frame.
 *
 * "Painted" is the moment a `setTimeout(0)` queued from the first requestAnimationFrame callback
 * after the row entered the DOM runs. A frame's style, layout and paint follow its rAF callbacks in
 * the same rendering step, so that task runs right after the frame with the row has been rendered;
 * a double rAF would also be after the paint, but up to a whole frame (16.7 ms) later, waiting for
 * the next frame to begin. Both are recorded (paintedAt and nextFrameAt); the benchmark reports
 * paintedAt. Everything is in page time: performance.now(), 0 at the navigation's start.
 */
export interface PageProbe {
  clickAt?: number;
  rowAt?: number;
  paintedAt?: number;
  nextFrameAt?: number;
}

export interface ScrollResult {
  error?: string;
  rowHeight: number;
  /** Rows the scroll moved (scrolled pixels over the row height). */
  rowsScrolled: number;
  /** Rows the scroll container could hold when the scroll stopped (its height over the row height). */
  rowsOffered: number;
  /** Why the scroll stopped: it scrolled the rows asked for, or the container had no more. */
  stop: 'done' | 'end';
  /** Durations of the frames while scrolling (rAF timestamp deltas), ms. */
  frames: number[];
  /** Distinct aria-rowindex values of the rows seen in the DOM while scrolling. */
  distinctRows: number;
  /** Long tasks (> 50 ms) while scrolling, and their total duration, ms. */
  longTasks: number;
  longTaskMs: number;
  /** Time spent at the container's end waiting for more rows, ms. */
  waitedMs: number;
  /** Frames with a placeholder row (its block still loading) in view. */
  busyFrames: number;
}

export const PROBE_SCRIPT = String.raw`(() => {
  const probe = {};
  // A data row with its cells: placeholder rows (aria-busy, shown while their block loads) do not count.
  const rowSelector = '[role=grid] [role=row]:not([aria-rowindex="1"]):not([aria-busy]) [role=gridcell]';
  document.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('a')) probe.clickAt = e.timeStamp;
  }, true);
  const watch = new MutationObserver(() => {
    if (probe.rowAt !== undefined || !document.querySelector(rowSelector)) return;
    probe.rowAt = performance.now();
    watch.disconnect();
    requestAnimationFrame(() => {
      setTimeout(() => { probe.paintedAt = performance.now(); }, 0);
      requestAnimationFrame(() => { probe.nextFrameAt = performance.now(); });
    });
  });
  watch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });

  const gridNamed = (name) => {
    const grids = [...document.querySelectorAll('[role=grid]')];
    const label = (g) => g.getAttribute('aria-label') ??
      (g.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    return grids.find((g) => label(g) === name) ?? (grids.length === 1 ? grids[0] : undefined);
  };
  const scrolls = (el) => el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY);
  // The element with the grid's vertical scrollbar: the grid itself, an ancestor, or a descendant.
  const scrollerOf = (grid) => {
    for (let el = grid; el && el !== document.body; el = el.parentElement) if (scrolls(el)) return el;
    return [...grid.querySelectorAll('*')].find(scrolls);
  };
  const frame = () => new Promise((r) => requestAnimationFrame(r));

  const scroll = async ({ name, rows, rowsPerFrame }) => {
    const grid = gridNamed(name);
    if (!grid) return { error: 'no grid named ' + name };
    const scroller = scrollerOf(grid);
    if (!scroller) return { error: 'no scrollable element in or around the grid' };
    const firstRow = grid.querySelector('[role=row]:not([aria-rowindex="1"])');
    const rowHeight = firstRow?.getBoundingClientRect().height || 36;
    scroller.scrollTop = 0;
    await frame();
    await frame();
    const start = scroller.scrollTop;
    const target = rows * rowHeight;
    const frames = [];
    const seen = new Set();
    let longTasks = 0, longTaskMs = 0, waitedMs = 0, busyFrames = 0, stop = 'done';
    const lt = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) { longTasks++; longTaskMs += e.duration; }
    });
    try { lt.observe({ type: 'longtask' }); } catch {}
    let prev;
    for (;;) {
      const ts = await frame();
      if (prev !== undefined) frames.push(ts - prev);
      prev = ts;
      let busy = false;
      for (const r of grid.querySelectorAll('[role=row]:not([aria-rowindex="1"])')) {
        seen.add(r.getAttribute('aria-rowindex'));
        if (!busy && r.hasAttribute('aria-busy')) {
          const box = r.getBoundingClientRect(), view = scroller.getBoundingClientRect();
          busy = box.bottom > view.top && box.top < view.bottom;
        }
      }
      if (busy) busyFrames++;
      if (scroller.scrollTop - start >= target) break;
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
        // At the end: wait up to 2 s for the grid to load more rows (its content grows).
        const height = scroller.scrollHeight;
        const since = performance.now();
        while (scroller.scrollHeight <= height && performance.now() - since < 2000) await frame();
        waitedMs += performance.now() - since;
        prev = undefined;
        if (scroller.scrollHeight <= height) { stop = 'end'; break; }
      }
      scroller.scrollTop += rowHeight * rowsPerFrame;
    }
    lt.disconnect();
    return {
      rowHeight,
      rowsScrolled: Math.round((scroller.scrollTop - start) / rowHeight),
      rowsOffered: Math.round(scroller.scrollHeight / rowHeight),
      stop, frames, distinctRows: seen.size, longTasks, longTaskMs, waitedMs, busyFrames,
    };
  };
  // Frame durations of the page doing nothing: what this browser on this machine gets at best.
  const idle = async (ms) => {
    const frames = [];
    const end = performance.now() + ms;
    let prev;
    while (performance.now() < end) {
      const ts = await frame();
      if (prev !== undefined) frames.push(ts - prev);
      prev = ts;
    }
    return frames;
  };
  window.__gridBench = { probe, scroll, idle };
})();`;

/** Expressions for page.evaluate. */
export const readProbe = 'window.__gridBench.probe';
export const probePainted = 'window.__gridBench?.probe.paintedAt !== undefined';
export const idleFrames = (ms: number) => `window.__gridBench.idle(${ms})`;
export const scrollGrid = (opts: { name: string; rows: number; rowsPerFrame: number }) =>
  `window.__gridBench.scroll(${JSON.stringify(opts)})`;
