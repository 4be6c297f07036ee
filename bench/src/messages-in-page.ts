/**
 * What the messaging benchmark runs inside the console's page (as strings: the console's
 * Content-Security-Policy stays on, and scripts given to the page by the browser tooling are not
 * bound by it). Times are the page's own clock, so Node's polling adds nothing to them.
 */

/** The history's messages, as HistoryPanel renders them. */
const ITEM = 'li[data-testid^="message-"]';

/** Installed before the console loads: when the first message is in the DOM, and painted. */
export const MESSAGES_PROBE = String.raw`(() => {
  const probe = {};
  const watch = new MutationObserver(() => {
    if (probe.itemAt !== undefined || !document.querySelector('${ITEM}')) return;
    probe.itemAt = performance.now();
    watch.disconnect();
    requestAnimationFrame(() => setTimeout(() => { probe.paintedAt = performance.now(); }, 0));
  });
  watch.observe(document, { childList: true, subtree: true });
  window.__messagesBench = probe;
})();`;

export interface OpenProbe {
  itemAt?: number;
  paintedAt?: number;
}
export const readOpenProbe = 'window.__messagesBench';

export interface PageAppend {
  /** Messages shown once the page was appended. */
  shown: number;
  /** From the scroll that asked for the page to the frame that painted it, ms. */
  ms: number;
}

/**
 * Scrolls the history's end into view until `target` messages are shown, one page at a time, and
 * times each page from the scroll to its paint. Resolves with the appends or an error text.
 */
export const scrollBack = (target: number, timeoutMs: number) => String.raw`(async () => {
  const count = () => document.querySelectorAll('${ITEM}').length;
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const appends = [];
  while (count() < ${target}) {
    const before = count();
    const last = document.querySelectorAll('${ITEM}')[before - 1];
    // The sentinel after the list asks for the next page when it comes into view.
    const sentinel = last?.parentElement?.nextElementSibling;
    if (!sentinel) return { error: 'no message list with a sentinel after it' };
    const t0 = performance.now();
    sentinel.scrollIntoView({ block: 'end' });
    const grew = await new Promise((resolve) => {
      const timer = setTimeout(() => { watch.disconnect(); resolve(false); }, ${timeoutMs});
      const watch = new MutationObserver(() => {
        if (count() > before) { clearTimeout(timer); watch.disconnect(); resolve(true); }
      });
      watch.observe(document.body, { childList: true, subtree: true });
    });
    if (!grew) return { error: 'no page appended after ' + before + ' messages within ${timeoutMs} ms', appends };
    await frame();
    appends.push({ shown: count(), ms: performance.now() - t0 });
  }
  return { appends };
})()`;
