/**
 * The push records list in the console, in Debian's Chromium: with N push records (default
 * 100,000), the time from opening the records page to its first record painted, against the data
 * browser's first rows of the same records (the _Notification class) in the same run on the same
 * stack; the target is to paint as fast.
 *
 *   pnpm bench:push-records -- --records 100000 --runs 5
 *
 * The records are written straight into the server's table beside the running server (the push
 * engine is what `pnpm bench:push` measures), so the database is Postgres.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { openDirect } from './databases';
import { latencyRow, probePaint, startBrowserStack } from './console-bench';
import { recordApi, signedInContext } from './grid-browser';
import { deepLink } from './grid-measure';
import type { GridBenchOptions } from './grid-options';
import { parseGridOptions } from './grid-options';
import type { Stack } from './grid-stack';
import { ApiClient } from './http-client';
import { firstPaintProbe } from './messages-in-page';
import { positive, readFlags } from './options';
import { insertPushRecords } from './push-records-data';
import { fmt } from './report';
import { runBenchmark } from './run-main';
import { summarize } from './stats';

const log = (line: string) => console.log(line);
const RECORDS_CLASS = '_Notification';
const PAGE_TIMEOUT_MS = 60_000;
const PROBE_KEY = '__recordsBench';

let cleanup: (() => Promise<void>) | undefined;

const HELP = `Push records benchmark: the console's records list opened in Chromium over many push records,
against the data browser's first rows of the same records in the same run.

  --records 100000     push records (env BENCH_RECORDS)
  --runs 5             repetitions (env BENCH_RUNS)
  --pg-url URL         Postgres (env BENCH_DATABASE_URL; default postgres://postgres@127.0.0.1:5432/test)
  --chromium PATH      the browser (env CHROMIUM_PATH, default /usr/bin/chromium)
  --build              build the web app first even when web/dist/index.html exists`;

function options(argv: string[]) {
  const flags = readFlags(
    argv,
    ['records', 'runs', 'pg-url', 'chromium', 'build', 'help'],
    new Set(['help', 'build']),
  );
  if (flags.has('help')) return 'help' as const;
  const num = (flag: string, env: string, dflt: number, min = 1) => {
    const raw = (flags.get(flag) ?? process.env[env])?.replace(/_/g, '');
    return raw === undefined ? dflt : positive(raw, `--${flag}`, min);
  };
  const grid = parseGridOptions(['--db', 'postgres'], process.env);
  if (grid === 'help') throw new Error('unreachable');
  const stack: GridBenchOptions = {
    ...grid,
    postgresUrl: flags.get('pg-url') ?? grid.postgresUrl,
    // The data browser's own class is not the reference here: keep it small.
    objects: 100,
    runs: num('runs', 'BENCH_RUNS', 5),
    chromiumPath: flags.get('chromium') ?? grid.chromiumPath,
    build: flags.get('build') === '1',
  };
  return { stack, records: num('records', 'BENCH_RECORDS', 100_000, 100) };
}

/** One push through the API (it makes the records class), then `n` records in SQL. */
async function loadRecords(stack: Stack, n: number): Promise<number> {
  const api = new ApiClient(stack.server.baseUrl, stack.server.keys);
  await api.send('POST', '/1.1/push', { channels: ['nobody'], data: { alert: 'x' } }, { master: true });
  const sql = await openDirect(stack.db);
  const started = performance.now();
  try {
    await insertPushRecords(sql, n);
    await sql.exec(`ANALYZE "o_${RECORDS_CLASS}"`);
  } finally {
    await sql.close();
  }
  return (performance.now() - started) / 1000;
}

/** Opens the records list by its URL; ms from the navigation's start to its first record painted. */
async function openRecords(page: Page): Promise<number> {
  await page.goto('/apps/default/push');
  return probePaint(page, PROBE_KEY, 'record', PAGE_TIMEOUT_MS);
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  if (opts === 'help') return log(HELP);
  const loadAtStart = loadavg()[0]?.toFixed(2);
  const { browser, stack } = await startBrowserStack(opts.stack, log, (c) => (cleanup = c));
  log(`writing ${opts.records.toLocaleString('en-US')} push records`);
  log(`  written in ${(await loadRecords(stack, opts.records)).toFixed(1)} s`);

  const context = await signedInContext(browser, stack.bff);
  await context.addInitScript({
    content: firstPaintProbe('table[aria-label="Push records"] tbody tr', PROBE_KEY),
  });
  const page = await context.newPage();
  const rec = recordApi(page);
  const reference: number[] = [];
  const records: number[] = [];
  for (let i = 0; i < opts.stack.runs; i++) {
    reference.push((await deepLink(page, rec, RECORDS_CLASS)).paintedMs);
    records.push(await openRecords(page));
    log(
      `  run ${i + 1}: data browser first rows of ${RECORDS_CLASS} ${fmt(reference[i] ?? NaN)} ms; records list ${fmt(records[i] ?? NaN)} ms (both by deep link)`,
    );
  }
  await cleanup?.();
  cleanup = undefined;

  const ref = summarize(reference);
  const got = summarize(records);
  log(`\n== Postgres, ${opts.records.toLocaleString('en-US')} push records ==`);
  log(latencyRow(`data browser first rows of ${RECORDS_CLASS} (target)`, reference));
  log(latencyRow("records list's first record painted", records));
  log(`records list p50 / data browser p50 = ${(got.p50 / ref.p50).toFixed(2)}`);
  log(`1-minute load average ${loadAtStart} at the start, ${loadavg()[0]?.toFixed(2)} at the end`);
}

runBenchmark(main, () => cleanup, 'closing the browser, stopping the API server and the BFF');
