/**
 * What the messaging benchmark runs inside the console's page (as strings: the console's
 * Content-Security-Policy stays on, and scripts given to the page by the browser tooling are not
 * bound by it). Times are the page's own clock, so Node's polling adds nothing to them.
 */

/** The history's messages, as HistoryPanel renders them. */
const ITEM = 'li[data-testid^="message-"]';

/**
 * Installed before the console loads: when the first element matching `selector` is in the DOM,
 * and painted (a setTimeout(0) from the next animation frame), kept in window[`key`].
 */
export const firstPaintProbe = (selector: string, key: string) => String.raw`(() => {
  const probe = {};
  const watch = new MutationObserver(() => {
    if (probe.itemAt !== undefined || !document.querySelector('${selector}')) return;
    probe.itemAt = performance.now();
    watch.disconnect();
    requestAnimationFrame(() => setTimeout(() => { probe.paintedAt = performance.now(); }, 0));
  });
  watch.observe(document, { childList: true, subtree: true });
  window.${key} = probe;
})();`;

/** The first history message's arrival and paint (window.__messagesBench). */
export const MESSAGES_PROBE = firstPaintProbe(ITEM, '__messagesBench');

export interface OpenProbe {
  itemAt?: number;
  paintedAt?: number;
}

export interface PageAppend {
  /** Messages shown once the page was appended. */
  shown: number;
  /** From the scroll that asked for the page to the frame that painted it, ms. */
  ms: number;
}

/**
 * Scrolls the console's <main> to the history's end until `target` messages are loaded, one page
 * at a time, and times each page from the scroll to the frame that paints it (the list is
 * virtualized: the count loaded is the list's data-loaded, not the items in the DOM).
 */
export const scrollBack = (target: number, timeoutMs: number) => String.raw`(async () => {
  const list = document.querySelector('ol[data-loaded]');
  const main = list?.closest('main');
  if (!list || !main) return { error: 'no history list in a <main>' };
  const count = () => Number(list.getAttribute('data-loaded'));
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const appends = [];
  while (count() < ${target}) {
    const before = count();
    const t0 = performance.now();
    main.scrollTop = main.scrollHeight;
    const grew = await new Promise((resolve) => {
      const timer = setTimeout(() => { watch.disconnect(); resolve(false); }, ${timeoutMs});
      const watch = new MutationObserver(() => {
        if (count() > before) { clearTimeout(timer); watch.disconnect(); resolve(true); }
      });
      watch.observe(list, { attributes: true, attributeFilter: ['data-loaded'] });
    });
    if (!grew) return { error: 'no page appended after ' + before + ' messages within ${timeoutMs} ms', appends };
    await frame();
    appends.push({ shown: count(), ms: performance.now() - t0 });
  }
  return { appends };
})()`;
