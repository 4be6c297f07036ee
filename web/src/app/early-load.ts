import { initialLanguage, preloadLanguage } from '../lib/i18n';

/**
 * Imported first by main.tsx. ES modules run in the order they are imported, so these requests
 * start before the rest of the console's code is evaluated (a quarter of a second or more on a
 * 2-core machine) instead of after it: the language's strings, which the first render waits for,
 * and, for an address in the data browser, the area's code, which the router only asks for once
 * its own module has run. Both land in the browser's module map, where the later imports find
 * them.
 */
export function startEarlyLoads(pathname: string): void {
  preloadLanguage(initialLanguage());
  if (/^\/apps\/[^/]+\/data(\/|$)/.test(pathname)) void import('../features/data').catch(() => undefined);
}

startEarlyLoads(window.location.pathname);
