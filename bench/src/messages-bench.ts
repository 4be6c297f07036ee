/**
 * Console messaging benchmark: one conversation holding a million messages, opened in the console
 * at its newest page and scrolled back page by page, in Debian's Chromium, against the data
 * browser's first rows measured in the same run on the same stack (the target: each page appended
 * within that time).
 *
 *   pnpm bench:messages -- --messages 1000000 --scroll 10000 --runs 5
 *
 * The messages are written straight into the server's tables (the API's send path is what
 * `pnpm bench:im` measures), so the database is Postgres: the bench writes beside the running
 * server, which PGlite (one owner) does not allow.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { openDirect } from './databases';
import { latencyRow, probePaint, startBrowserStack } from './console-bench';
import { recordApi, signedInContext } from './grid-browser';
import { GRID_CLASS } from './grid-data';
import { ApiClient } from './http-client';
import { deepLink, inAppNavigation } from './grid-measure';
import type { GridBenchOptions } from './grid-options';
import { parseGridOptions } from './grid-options';
import { MESSAGES_PROBE, scrollBack } from './messages-in-page';
import type { PageAppend } from './messages-in-page';
import { positive, readFlags } from './options';
import { fmt } from './report';
import { runBenchmark } from './run-main';
import type { Stack } from './grid-stack';
import { summarize } from './stats';

const log = (line: string) => console.log(line);
const CONV_NAME = 'Bench history';
const BATCH = 250_000;
/** The first message's time; one message a second after it. */
const BASE_TS = 1_700_000_000_000;
const PAGE_TIMEOUT_MS = 60_000;

let cleanup: (() => Promise<void>) | undefined;

const HELP = `Console messaging benchmark: a conversation with many messages opened at its newest page and
scrolled back in Chromium, against the data browser's first rows in the same run.

  --messages 1000000   messages in the conversation (env BENCH_MESSAGES)
  --scroll 10000       messages to scroll back through (env BENCH_SCROLL)
  --objects 10000      objects in the data browser's class, for the reference (env BENCH_OBJECTS)
  --runs 5             repetitions of the opening and of the reference (env BENCH_RUNS)
  --pg-url URL         Postgres (env BENCH_DATABASE_URL; default postgres://postgres@127.0.0.1:5432/test)
  --chromium PATH      the browser (env CHROMIUM_PATH, default /usr/bin/chromium)
  --build              build the web app first even when web/dist/index.html exists`;

function options(argv: string[]) {
  const flags = readFlags(
    argv,
    ['messages', 'scroll', 'objects', 'runs', 'pg-url', 'chromium', 'build', 'help'],
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
    objects: num('objects', 'BENCH_OBJECTS', 10_000, 100),
    runs: num('runs', 'BENCH_RUNS', 5),
    chromiumPath: flags.get('chromium') ?? grid.chromiumPath,
    build: flags.get('build') === '1',
  };
  return {
    stack,
    messages: num('messages', 'BENCH_MESSAGES', 1_000_000, 100),
    scroll: num('scroll', 'BENCH_SCROLL', 10_000, 50),
  };
}

/** The conversation through the API, then its messages straight into the history table. */
async function loadConversation(stack: Stack, n: number): Promise<{ id: string; seconds: number }> {
  const api = new ApiClient(stack.server.baseUrl, stack.server.keys);
  const conv = await api.send<{ objectId: string }>(
    'POST',
    '/1.2/rtm/conversations',
    { name: CONV_NAME, m: ['alice', 'bob', 'carol'] },
    { master: true },
  );
  const id = conv.body.objectId;
  const sql = await openDirect(stack.db);
  const started = performance.now();
  try {
    for (let from = 0; from < n; from += BATCH) {
      const to = Math.min(n, from + BATCH) - 1;
      await sql.query(
        `INSERT INTO lc_im_messages (conv_id, ts, msg_id, kind, from_client, data)
         SELECT $1, ${BASE_TS} + g * 1000, 'bench' || lpad(g::text, 10, '0'), 'conv',
                (ARRAY['alice','bob','carol'])[1 + g % 3],
                CASE WHEN g % 10 = 0
                  THEN '{"_lctype":-1,"_lctext":"message ' || g || ', typed text with a bit more in it"}'
                  ELSE 'plain message ' || g END
           FROM generate_series(${from}, ${to}) g`,
        [id],
      );
    }
    await sql.query(
      `INSERT INTO lc_im_conv_state (conv_id, last_ts, msg_count) VALUES ($1, $2, $3)
       ON CONFLICT (conv_id) DO UPDATE SET last_ts = EXCLUDED.last_ts, msg_count = EXCLUDED.msg_count`,
      [id, BASE_TS + (n - 1) * 1000, n],
    );
    await sql.exec('ANALYZE lc_im_messages');
  } finally {
    await sql.close();
  }
  return { id, seconds: (performance.now() - started) / 1000 };
}

/** Opens the conversation by its URL; ms from the navigation's start to its first message painted. */
async function openNewest(page: Page, convId: string): Promise<number> {
  await page.goto(`/apps/default/messaging/conversations/${encodeURIComponent(convId)}`);
  return probePaint(page, '__messagesBench', 'message', PAGE_TIMEOUT_MS);
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  if (opts === 'help') return log(HELP);
  const loadAtStart = loadavg()[0]?.toFixed(2);
  const { browser, stack } = await startBrowserStack(opts.stack, log, (c) => (cleanup = c));
  log(`writing ${opts.messages.toLocaleString('en-US')} messages into one conversation`);
  const conv = await loadConversation(stack, opts.messages);
  log(`  written in ${conv.seconds.toFixed(1)} s (conversation ${conv.id})`);

  const context = await signedInContext(browser, stack.bff);
  await context.addInitScript({ content: MESSAGES_PROBE });
  const page = await context.newPage();
  const rec = recordApi(page);
  const reference: number[] = [];
  const referenceLink: number[] = [];
  const opening: number[] = [];
  for (let i = 0; i < opts.stack.runs; i++) {
    reference.push((await inAppNavigation(page, rec, GRID_CLASS)).paintedMs);
    referenceLink.push((await deepLink(page, rec, GRID_CLASS)).paintedMs);
    opening.push(await openNewest(page, conv.id));
    log(
      `  run ${i + 1}: data browser first rows ${fmt(reference[i] ?? NaN)} ms in-app, ${fmt(referenceLink[i] ?? NaN)} ms by deep link; conversation's newest page ${fmt(opening[i] ?? NaN)} ms`,
    );
  }
  log(`\nscrolling back ${opts.scroll.toLocaleString('en-US')} messages:`);
  const result = await page.evaluate<{ appends?: PageAppend[]; error?: string }>(
    scrollBack(opts.scroll, PAGE_TIMEOUT_MS),
  );
  if (result.error) throw new Error(`scrolling back: ${result.error}`);
  const appends = result.appends ?? [];
  const appendMs = appends.map((a) => a.ms);
  const firstTenth = appendMs.slice(0, Math.max(1, Math.floor(appendMs.length / 10)));
  const lastTenth = appendMs.slice(-Math.max(1, Math.floor(appendMs.length / 10)));
  const heap = await page.evaluate<number | undefined>(
    '(performance.memory && Math.round(performance.memory.usedJSHeapSize / 1048576))',
  );
  await cleanup?.();
  cleanup = undefined;

  const target = summarize(reference).p50;
  const worst = summarize(appendMs);
  log(
    `\n== Postgres, one conversation of ${opts.messages.toLocaleString('en-US')} messages; ${appends.length} pages appended to ${appends.at(-1)?.shown.toLocaleString('en-US') ?? 0} messages shown ==`,
  );
  log(latencyRow('data browser first rows, in-app (target)', reference));
  log(latencyRow('data browser first rows, deep link', referenceLink));
  log(latencyRow("conversation's newest page, deep link", opening));
  log(latencyRow('page appended while scrolling back', appendMs));
  log(latencyRow('  the first tenth of the pages', firstTenth));
  log(latencyRow('  the last tenth of the pages', lastTenth));
  log(
    `pages appended within the reference's p50 (${fmt(target)} ms): ${appendMs.filter((ms) => ms <= target).length} of ${appendMs.length}; ` +
      `slowest / reference = ${(worst.max / target).toFixed(2)}, p99 / reference = ${(worst.p99 / target).toFixed(2)}`,
  );
  if (heap !== undefined) log(`page JS heap with ${appends.at(-1)?.shown ?? 0} messages shown: ${heap} MB`);
  log(`1-minute load average ${loadAtStart} at the start, ${loadavg()[0]?.toFixed(2)} at the end`);
}

runBenchmark(main, () => cleanup, 'closing the browser, stopping the API server and the BFF');
