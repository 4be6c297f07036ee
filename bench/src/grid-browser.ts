/**
 * Debian's Chromium through playwright-core (never a downloaded browser), signed-in browser
 * contexts, and a recorder of the console API requests a page makes with their timings.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleRoutes, CSRF_HEADER } from '@switchboard/shared';
import type { BffHandle } from './bff-process';
import { PROBE_SCRIPT } from './grid-in-page';

export const VIEWPORT = { width: 1440, height: 900 };

export async function launchChromium(executablePath: string): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `no browser at ${executablePath}: install Debian's Chromium (apt-get install -y chromium) ` +
        'or point CHROMIUM_PATH / --chromium at one',
    );
  }
  return chromium.launch({ executablePath });
}

/** A new context (its own cookies and HTTP cache) signed in to the BFF as its first admin. */
export async function signedInContext(browser: Browser, bff: BffHandle): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', baseURL: bff.baseUrl });
  await context.addInitScript({ content: PROBE_SCRIPT });
  const { method, path } = consoleRoutes.login;
  const res = await context.request.fetch(path, {
    method,
    headers: { [CSRF_HEADER]: '1' },
    data: { email: bff.admin.email, password: bff.admin.password },
  });
  if (res.status() !== 200) {
    throw new Error(`signing in to the BFF: ${method} ${path} answered ${res.status()} ${await res.text()}`);
  }
  return context;
}

export interface ApiRequest {
  method: string;
  /** Path and decoded query. */
  path: string;
  status: number;
  /** Wall-clock time the request started, ms since the epoch. */
  startedAt: number;
  /** From the start to the response's last byte, ms. */
  ms: number;
}

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

/**
 * Collects the page's finished /api/ requests: `since` returns those started at or after a time,
 * `settle` waits until no request has been in flight for half a second (15 s at most).
 */
export function recordApi(page: Page) {
  const done: ApiRequest[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (d: number) => {
    inFlight += d;
    lastChange = Date.now();
  };
  page.on('request', (req) => isApi(req.url()) && change(1));
  page.on('requestfailed', (req) => isApi(req.url()) && change(-1));
  page.on('requestfinished', (req) => {
    if (!isApi(req.url())) return;
    change(-1);
    const url = new URL(req.url());
    const t = req.timing();
    void req
      .response()
      .then((res) => {
        let query = url.search;
        try {
          query = decodeURIComponent(query);
        } catch {
          // keep it encoded
        }
        done.push({
          method: req.method(),
          path: url.pathname + query,
          status: res?.status() ?? 0,
          startedAt: t.startTime,
          ms: t.responseEnd,
        });
      })
      .catch(() => undefined);
  });
  return {
    since: (epochMs: number) => done.filter((r) => r.startedAt >= epochMs - 1),
    settle: async () => {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastChange < 500))
        await new Promise((r) => setTimeout(r, 100));
    },
  };
}

export type ApiRecorder = ReturnType<typeof recordApi>;

/** The page's JavaScript heap in use, MB (from the DevTools protocol), optionally after a GC. */
export async function jsHeapMb(page: Page, gc = false): Promise<number | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    if (gc) await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
    return used === undefined ? undefined : used / 2 ** 20;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
