/**
 * Switchboard data browser benchmark: loads objects into one class, serves the built console
 * through the BFF and, in Debian's Chromium, times the grid's first rows painted (after a click in
 * the class list, and for a deep link with an empty and a warm HTTP cache) and the frame rate
 * while scrolling; prints the figures against the targets and the slowest API requests, and
 * writes them to bench/results/grid-<timestamp>.json.
 *
 *   pnpm bench:grid -- --objects 20000 --runs 2 --scroll-rows 5000   (pnpm bench:grid -- --help)
 *
 * Missed targets are a result, not a failure: the exit code is non-zero only when something broke.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { checkPostgres, redact } from './databases';
import { launchChromium, recordApi, signedInContext } from './grid-browser';
import { GRID_CLASS } from './grid-data';
import { measureFloor } from './grid-floor';
import { deepLink, inAppNavigation } from './grid-measure';
import type { FirstRowsRun } from './grid-measure';
import { gridHelpText, parseGridOptions } from './grid-options';
import type { GridBenchOptions } from './grid-options';
import { formatFirstRows, formatScroll, formatSlowRequests, MAX_FIRST_ROWS_MS, MIN_FPS } from './grid-report';
import { summarizeFirstRows, summarizeScroll } from './grid-report';
import { formatVariants, timeVariants } from './grid-requests';
import { measureScrolling } from './grid-scroll';
import { ensureWebBuild, startStack } from './grid-stack';
import type { Stack } from './grid-stack';
import { fmt, machineFacts, serverCode, writeJson } from './report';
import { repoRoot } from './server-process';
import { runBenchmark } from './run-main';

const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** What to undo if the process is interrupted mid-run. */
let cleanup: (() => Promise<void>) | undefined;

async function timeRuns(
  what: string,
  runs: number,
  one: () => Promise<FirstRowsRun>,
): Promise<FirstRowsRun[]> {
  log(`\n${what}:`);
  const out: FirstRowsRun[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await one();
    out.push(r);
    log(
      `  run ${i + 1}: first rows painted at ${fmt(r.paintedMs)} ms (row in the DOM at ${fmt(r.rowMs)} ms` +
        `${r.htmlMs === undefined ? '' : `, HTML at ${fmt(r.htmlMs)} ms, DOMContentLoaded at ${fmt(r.domContentLoadedMs ?? NaN)} ms`}` +
        `), ${r.requests.length} API requests` +
        (r.objects ? `, objects request ${fmt(r.objects.startMs)} to ${fmt(r.objects.endMs)} ms` : ''),
    );
  }
  return out;
}

async function measure(browser: Browser, stack: Stack, opts: GridBenchOptions) {
  const context = await signedInContext(browser, stack.bff);
  const page = await context.newPage();
  const rec = recordApi(page);
  const navigation = await timeRuns(
    `in-app navigation: ${'/apps/default/data'}, then a click on ${GRID_CLASS} in the class list`,
    opts.runs,
    () => inAppNavigation(page, rec, GRID_CLASS),
  );
  const cold = await timeRuns(
    `deep link, empty HTTP cache: a new browser context opens /apps/default/data/${GRID_CLASS}`,
    opts.runs,
    async () => {
      const fresh = await signedInContext(browser, stack.bff);
      try {
        const p = await fresh.newPage();
        return await deepLink(p, recordApi(p), GRID_CLASS);
      } finally {
        await fresh.close();
      }
    },
  );
  const warm = await timeRuns(
    `deep link, warm HTTP cache: the same page opens /apps/default/data/${GRID_CLASS} again`,
    opts.runs,
    () => deepLink(page, rec, GRID_CLASS),
  );
  log(`\nscrolling ${opts.scrollRows.toLocaleString('en-US')} rows, ${opts.rowsPerFrame} rows per frame:`);
  const scroll = await measureScrolling(
    page,
    rec,
    { className: GRID_CLASS, rows: opts.scrollRows, rowsPerFrame: opts.rowsPerFrame, runs: opts.scrollRuns },
    log,
  );
  await context.close();
  return { navigation, cold, warm, scroll };
}

async function main(): Promise<void> {
  const opts = parseGridOptions(process.argv.slice(2), process.env);
  if (opts === 'help') {
    console.log(gridHelpText);
    return;
  }
  const machine = { ...machineFacts(repoRoot), ...serverCode(repoRoot, ['server', 'shared', 'bff', 'web']) };
  if (opts.db === 'postgres') {
    const pg = await checkPostgres(opts.postgresUrl);
    Object.assign(machine, { postgresVersion: pg.version, postgresSettings: pg.settings });
  }
  const loadAtStart = load();
  const builtAt = ensureWebBuild(opts.build, log);
  log(`web app built ${builtAt.toISOString()} (web/dist); 1-minute load average now ${loadAtStart}`);
  // Fail before loading a million objects when there is no browser.
  const liveBrowser = await launchChromium(opts.chromiumPath);
  let undoStack: (() => Promise<void>) | undefined;
  cleanup = async () => {
    await liveBrowser.close().catch(() => undefined);
    await undoStack?.();
  };
  log(
    '\nreference: a bare React page (bench/floor) fetching 200 objects, each run in a new browser context:',
  );
  const floor = await measureFloor(liveBrowser, opts.runs);
  for (const [i, r] of floor.entries()) log(`  run ${i + 1}: first rows painted at ${fmt(r.paintedMs)} ms`);
  const stack = await startStack(opts, log, (undo) => (undoStack = undo));
  const figures = await Promise.race([measure(liveBrowser, stack, opts), stack.died]);
  const cpu = { server: stack.server.cpuMs(), bff: stack.bff.cpuMs() };
  log('\ntiming the first page of objects on the API server directly:');
  const variants = await Promise.race([timeVariants(stack.server, opts.runs, log), stack.died]);
  await cleanup();
  cleanup = undefined;

  const firstRows = [
    summarizeFirstRows('after a click in the class list', figures.navigation),
    summarizeFirstRows('deep link, empty HTTP cache', figures.cold),
    summarizeFirstRows('deep link, warm HTTP cache', figures.warm),
    summarizeFirstRows('reference: bare React page, empty cache', floor),
  ];
  const scroll = summarizeScroll(figures.scroll);
  log(
    `\n== ${stack.dbLabel}, ${stack.load.objects.toLocaleString('en-US')} objects in ${GRID_CLASS}; ` +
      `Chromium ${liveBrowser.version()} headless, ${1440}×${900}; ${opts.runs} runs each ==`,
  );
  log(formatFirstRows(firstRows));
  log(
    'reference: the least a React console does for its first rows (bench/floor), on this machine today; ' +
      'the console cannot paint sooner than it with an empty cache',
  );
  log('');
  log(formatScroll(scroll, opts.scrollRows, opts.rowsPerFrame));
  log('');
  log(formatSlowRequests('API requests of the in-app navigation runs', figures.navigation));
  log('');
  log(formatSlowRequests('API requests of the deep link runs (empty cache)', figures.cold));
  log('');
  log(formatVariants(variants));
  log(
    `\n${machine.cpus} cores (${machine.cpuModel}), ${machine.memoryGb} GB, shared by the API server, the BFF, ` +
      `the database and the browser; node ${machine.node}; code ${machine.serverCommit ?? '?'}` +
      `${machine.serverTreeDirty ? ' + uncommitted changes' : ''}; 1-minute load average ${loadAtStart} at the start, ` +
      `${load()} at the end (this benchmark's own processes included)`,
  );

  const dir = fileURLToPath(new URL('../results', import.meta.url));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const { postgresUrl, ...rest } = opts;
  const file = writeJson(
    dir,
    {
      benchmark: 'data-browser-grid',
      machine: { ...machine, loadAverageAtStart: loadAtStart, loadAverageAtEnd: load() },
      webBuiltAt: builtAt.toISOString(),
      options: { ...rest, postgresUrl: redact(postgresUrl) },
      targets: { maxFirstRowsMs: MAX_FIRST_ROWS_MS, minFps: MIN_FPS },
      load: stack.load,
      cpuMs: cpu,
      firstRows,
      scroll,
      serverRequests: variants,
      runs: {
        navigation: figures.navigation,
        coldDeepLink: figures.cold,
        warmDeepLink: figures.warm,
        reference: floor,
        idleFrameCount: figures.scroll.idleFrames.length,
        scroll: figures.scroll.runs.map(({ frames, ...r }) => ({ ...r, frameCount: frames.length })),
      },
    },
    join(dir, `grid-${stamp}.json`),
  );
  log(`results: ${file}`);
}

runBenchmark(main, () => cleanup, 'closing the browser, stopping the API server and the BFF');
