/**
 * Doc 3 messaging at size: loads messages over conversations straight into the database (beside
 * the database's own insert floor for the same rows, in a table without indexes, measured in the
 * same run), then measures through HTTP: send p50/p99 and messages a second, history page p50 at
 * the newest page and deep in the app-wide history, unread-count p50 and check-online p50.
 *
 *   pnpm bench:im -- [--dbs pglite,postgres] [--messages N] [--conversations C] [--pg-url URL] [--keep]
 *
 * Defaults: 1,000,000 messages over 10,000 conversations (the issue's full size is
 * --messages 10000000 --conversations 100000); Postgres at BENCH_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test. --keep leaves the database (its location is printed)
 * for a look at the plans afterwards.
 */
import type { Sql } from '@switchboard/shared/sql';
import { checkPostgres, createDatabase, openDirect, redact } from './databases';
import type { DbKind } from './options';
import { startServer } from './server-process';
import type { ServerHandle } from './server-process';

const BASE_TS = 1_700_000_000_000;
const BATCH = 500_000;

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const rate = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en');

async function load(sql: Sql, n: number, convs: number): Promise<{ loadMs: number; floorMs: number }> {
  await sql.exec(`INSERT INTO "o__Conversation" (id, created_at, updated_at, acl, data)
    SELECT 'c' || g, now(), now(), NULL,
      jsonb_build_object('name', 'bench', 'm', jsonb_build_array('u' || g, 'u' || (g + 1)), 'mu', '[]'::jsonb)
    FROM generate_series(0, ${convs - 1}) g`);
  await sql.exec(`INSERT INTO lc_im_conv_state (conv_id, last_ts, msg_count)
    SELECT 'c' || g, ${BASE_TS + n}, ${Math.ceil(n / convs)} FROM generate_series(0, ${convs - 1}) g`);
  const rows = (from: number, to: number) => `SELECT 'c' || (g % ${convs}), ${BASE_TS} + g,
      'm' || lpad(g::text, 10, '0'), 'conv', 'u' || (g % ${convs}), 'hello, this is message ' || g
    FROM generate_series(${from}, ${to}) g`;
  const cols = '(conv_id, ts, msg_id, kind, from_client, data)';
  await sql.exec(`CREATE TABLE bench_floor (conv_id text COLLATE "C", ts bigint, msg_id text COLLATE "C",
    kind text, from_client text COLLATE "C", data text)`);
  let floorMs = 0;
  let loadMs = 0;
  for (let from = 0; from < n; from += BATCH) {
    const to = Math.min(n, from + BATCH) - 1;
    let t = performance.now();
    await sql.exec(`INSERT INTO bench_floor ${cols} ${rows(from, to)}`);
    floorMs += performance.now() - t;
    t = performance.now();
    await sql.exec(`INSERT INTO lc_im_messages ${cols} ${rows(from, to)}`);
    loadMs += performance.now() - t;
  }
  await sql.exec('DROP TABLE bench_floor');
  // What autovacuum (or, without it, the server's own maintenance) does after a bulk load:
  // statistics, and the conversations' GIN backlog merged, which every member lookup would
  // otherwise scan. One statement each: VACUUM runs outside a transaction.
  for (const table of ['lc_im_messages', 'lc_im_conv_state', '"o__Conversation"'])
    await sql.exec(`VACUUM ANALYZE ${table}`);
  return { loadMs, floorMs };
}

async function timed(server: ServerHandle, method: string, path: string, body?: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      'X-LC-Id': server.keys.appId,
      'X-LC-Key': `${server.keys.masterKey},master`,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    const log = res.status >= 500 ? server.recentOutput().slice(-10) : [];
    throw new Error(
      `${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}${log.length ? `\nthe server's last output:\n${log.map((l) => `  | ${l}`).join('\n')}` : ''}`,
    );
  }
  return performance.now() - started;
}

function pct(samples: number[], p: number): string {
  const s = [...samples].sort((a, b) => a - b);
  return (s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0).toFixed(2);
}

async function sample(count: number, fn: (i: number) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(await fn(i));
  return out;
}

async function runOne(kind: DbKind, pgUrl: string, n: number, convs: number, keep: boolean): Promise<void> {
  const db = createDatabase(kind, pgUrl);
  try {
    console.log(
      `\n-- ${db.label} (${kind === 'postgres' ? redact(pgUrl) : db.location}): ${n.toLocaleString('en')} messages over ${convs.toLocaleString('en')} conversations`,
    );
    // A first start migrates; the load then writes with the server stopped (PGlite has one owner).
    await (await startServer(db.serverEnv)).stop();
    const sql = await openDirect(db);
    const { loadMs, floorMs } = await load(sql, n, convs).finally(() => sql.close());
    console.log(
      `  load: ${rate(n, loadMs)} messages/s (${seconds(loadMs)} s); floor, same rows without indexes: ${rate(n, floorMs)} rows/s (${seconds(floorMs)} s); ratio ${(loadMs / floorMs).toFixed(2)}`,
    );
    const server = await startServer(db.serverEnv);
    // Postgres takes a second connection beside the server's (PGlite has one owner: the server).
    const direct = kind === 'postgres' ? await openDirect(db) : undefined;
    if (direct) await direct.exec('CREATE TABLE bench_commit (n bigint)');
    const commitFloor = direct
      ? async () => {
          const t = performance.now();
          await direct.query('INSERT INTO bench_commit (n) VALUES ($1)', [Math.round(t)]);
          return performance.now() - t;
        }
      : undefined;
    try {
      // Doc 3's ceiling of normal messages a minute, so the measured sends are not refused.
      await timed(server, 'PUT', '/1.1/switchboard/settings', { imMessagesPerMinute: 9000 });
      const conv = (i: number) => `c${(i * 7919) % convs}`;
      // The floor of every HTTP figure: check-online answers with no database work (no live
      // connections yet), measured call for call beside the measured one, so both see the same load.
      const floorCall = (i: number) =>
        timed(server, 'POST', '/1.2/rtm/clients/check-online', { client_ids: [`u${i}`, `u${i + 1}`] });
      const paired = async (count: number, fn: (i: number) => Promise<number>) => {
        const measured: number[] = [];
        const floor: number[] = [];
        for (let i = 0; i < count; i++) {
          measured.push(await fn(i));
          floor.push(await floorCall(i));
        }
        return { measured, floor };
      };
      const report = (what: string, r: { measured: number[]; floor: number[] }, p99 = false) => {
        const m50 = pct(r.measured, 50);
        const f50 = pct(r.floor, 50);
        console.log(
          `  ${what}: p50 ${m50} ms${p99 ? `, p99 ${pct(r.measured, 99)} ms` : ''}; floor (check-online, no database work) p50 ${f50} ms; ratio ${(Number(m50) / Number(f50)).toFixed(2)}`,
        );
      };
      const send = (i: number) =>
        timed(server, 'POST', `/1.2/rtm/conversations/${conv(i)}/messages`, {
          from_client: 'bench',
          message: `m${i}`,
        });
      await sample(50, send);
      report('send', await paired(500, send), true);
      if (commitFloor) {
        // A send is durable: its commit waits for the disk. The database's own floor for that is a
        // one-row insert committed alone, measured here beside the sends.
        const commits = await sample(500, () => commitFloor());
        console.log(`  floor of a send's commit: one-row insert committed alone, p50 ${pct(commits, 50)} ms`);
      }
      const burst = async (call: (i: number) => Promise<number>) => {
        const started = performance.now();
        let next = 0;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (next < 2000) await call(next++);
          }),
        );
        return performance.now() - started;
      };
      const sendBurst = await burst(send);
      const floorBurst = await burst(floorCall);
      console.log(
        `  send, 8 at once: ${rate(2000, sendBurst)} messages/s; floor, check-online 8 at once: ${rate(2000, floorBurst)} calls/s; ratio ${(sendBurst / floorBurst).toFixed(2)}`,
      );
      const newest = await paired(200, (i) =>
        timed(server, 'GET', `/1.2/rtm/conversations/${conv(i)}/messages`),
      );
      report('history, newest page of a conversation (100)', newest);
      if (direct) {
        // The database's own floor for that page: the same select straight on Postgres, no HTTP.
        let k = 0;
        const alone = await sample(200, async () => {
          const t = performance.now();
          await direct.query(
            `SELECT * FROM lc_im_messages WHERE conv_id = $1 AND ts > 0
              ORDER BY ts DESC, msg_id DESC LIMIT 100`,
            [conv(k++)],
          );
          return performance.now() - t;
        });
        const m50 = Number(pct(newest.measured, 50));
        console.log(
          `  floor of that page: the same select straight on the database, p50 ${pct(alone, 50)} ms; ratio ${(m50 / Number(pct(alone, 50))).toFixed(2)}`,
        );
      }
      const depth = Math.min(1_000_000, Math.floor(n / 2));
      const deepTs = BASE_TS + n - depth;
      report(
        `history, app-wide page ${depth.toLocaleString('en')} messages deep (100)`,
        await paired(200, (i) => timed(server, 'GET', `/1.2/rtm/messages?timestamp=${deepTs - i}&limit=100`)),
      );
      report(
        "history, a conversation's page half-way back (100)",
        await paired(200, (i) =>
          timed(
            server,
            'GET',
            `/1.2/rtm/conversations/${conv(i)}/messages?timestamp=${BASE_TS + Math.floor(n / 2)}&limit=100`,
          ),
        ),
      );
      report(
        'unread-count',
        await paired(200, (i) => timed(server, 'GET', `/1.2/rtm/clients/u${(i * 31) % convs}/unread-count`)),
      );
    } finally {
      await server.stop();
      await direct?.close();
    }
  } finally {
    await db.dispose(keep);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dbs = (flag('dbs') ?? process.env.BENCH_DBS ?? 'pglite,postgres').split(',') as DbKind[];
  const pgUrl = flag('pg-url') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const n = Number(flag('messages') ?? 1_000_000);
  const convs = Number(flag('conversations') ?? Math.max(1, Math.floor(n / 100)));
  if (!Number.isInteger(n) || n < 1000 || !Number.isInteger(convs) || convs < 1 || convs > n)
    throw new Error('--messages is an integer of at least 1000, --conversations between 1 and --messages');
  if (dbs.includes('postgres')) await checkPostgres(pgUrl);
  for (const kind of dbs) await runOne(kind, pgUrl, n, convs, args.includes('--keep'));
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
