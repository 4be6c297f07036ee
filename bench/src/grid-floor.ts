/**
 * The data browser benchmark's reference: what this machine's Chromium needs, from navigation, to
 * paint the first rows of the least React page there is (bench/floor: React alone fetching 200
 * objects and rendering them as a grid) with an empty HTTP cache. The console cannot paint sooner
 * than this, so it tells how far the 400 ms target is from this machine's floor on the day of the
 * run: the same code measured on two days of the same 2-core machine differed by two times.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { rng } from './data';
import { VIEWPORT } from './grid-browser';
import { gridObject } from './grid-data';
import { PROBE_SCRIPT, readProbe } from './grid-in-page';
import type { PageProbe } from './grid-in-page';
import { waitPainted } from './grid-measure';
import type { FirstRowsRun } from './grid-measure';

const ROOT = fileURLToPath(new URL('../floor', import.meta.url));
const ROWS = 200;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** The page's one request: 200 objects of the benchmark class, as the API answers a query. */
function rowsBody(): string {
  const rand = rng(1);
  const results = Array.from({ length: ROWS }, (_, i) => ({
    objectId: `floor${i.toString(16).padStart(19, '0')}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    ...gridObject(i, ROWS, rand),
  }));
  return JSON.stringify({ results });
}

async function serve(dist: string): Promise<{ server: Server; url: string }> {
  const rows = rowsBody();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/rows') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(rows);
      return;
    }
    const file = path.startsWith('/assets/') ? normalize(join(dist, path)) : join(dist, 'index.html');
    if (!file.startsWith(dist)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'text/plain' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}/` };
}

async function paintOnce(browser: Browser, url: string): Promise<FirstRowsRun> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-US' });
  try {
    await context.addInitScript({ content: PROBE_SCRIPT });
    const page = await context.newPage();
    await page.goto(url);
    await waitPainted(page, 'opening the reference page');
    const probe = await page.evaluate<PageProbe>(readProbe);
    return {
      paintedMs: probe.paintedAt ?? NaN,
      rowMs: probe.rowAt ?? NaN,
      nextFrameMs: probe.nextFrameAt ?? NaN,
      requests: [],
    };
  } finally {
    await context.close();
  }
}

/** Builds the reference page, then opens it `runs` times, each in a new context (empty cache). */
export async function measureFloor(browser: Browser, runs: number): Promise<FirstRowsRun[]> {
  const dist = await mkdtemp(join(tmpdir(), 'switchboard-floor-'));
  let server: Server | undefined;
  try {
    await build({ root: ROOT, logLevel: 'silent', build: { outDir: dist, emptyOutDir: true } });
    const live = await serve(dist);
    server = live.server;
    const out: FirstRowsRun[] = [];
    for (let i = 0; i < runs; i++) out.push(await paintOnce(browser, live.url));
    return out;
  } finally {
    server?.close();
    await rm(dist, { recursive: true, force: true });
  }
}
