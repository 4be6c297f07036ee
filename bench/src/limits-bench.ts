/**
 * What the query limits leave of the attacks in the security report, per database: the API
 * server's resident memory (VmRSS) before and after each request, its status and time, and how
 * long /healthz takes while an expensive query runs. Figures, not pass/fail.
 *
 *   pnpm bench:limits -- [--dbs pglite,postgres] [--pg-url URL]
 *
 * Defaults: PGlite in memory; Postgres at BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test.
 */
import { readFileSync } from 'node:fs';
import { checkPostgres, createDatabase, redact } from './databases';
import type { DbKind } from './options';
import { startServer } from './server-process';
import type { ServerHandle } from './server-process';

interface Attack {
  label: string;
  className: string;
  where: unknown;
}

const BIG = 19 * 1024 * 1024;
const values = Array.from({ length: 100 }, (_, i) => `v${i}`);

const ATTACKS: Attack[] = [
  { label: "$regex '^(a*)\\1$' over 60 KB", className: 'Re', where: { s: { $regex: '^(a*)\\1$' } } },
  { label: "$regex '^(a*)*\\1$' over 60 KB", className: 'Re', where: { s: { $regex: '^(a*)*\\1$' } } },
  {
    label: '19 MB object, $or of 100 patterns',
    className: 'Big',
    where: { $or: values.map((v) => ({ s: { $regex: v } })) },
  },
  { label: '19 MB object, $in of 100 values', className: 'Big', where: { s: { $in: values } } },
  { label: '19 MB object, 2 conditions', className: 'Big', where: { n: 0, s: { $regex: 'y' } } },
];

function rssMb(pid: number): number | undefined {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function call(server: ServerHandle, path: string, body?: unknown) {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-LC-Id': server.keys.appId,
      'X-LC-Key': server.keys.appKey,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const code = res.status >= 400 ? (JSON.parse(text) as { code?: number }).code : undefined;
  return { status: res.status, code, ms: Math.round(performance.now() - started) };
}

async function runOne(kind: DbKind, pgUrl: string): Promise<void> {
  const db = createDatabase(kind, pgUrl, { memory: true });
  const server = await startServer(db.serverEnv);
  try {
    console.log(`\n-- ${db.label} (${kind === 'postgres' ? redact(pgUrl) : 'memory'})`);
    await call(server, '/1.1/date');
    console.log(`  at rest: ${rssMb(server.pid)} MB`);
    await call(server, '/1.1/classes/Re', { s: 'a'.repeat(60_000) });
    await call(server, '/1.1/classes/Big', { s: 'x'.repeat(BIG), n: 0 });
    console.log(`  after writing a 60 KB and a 19 MB object: ${rssMb(server.pid)} MB`);
    for (const a of ATTACKS) {
      const query = call(server, `/1.1/classes/${a.className}`, {
        _method: 'GET',
        where: a.where,
        keys: 'n',
      });
      const health = await call(server, '/healthz');
      const r = await query;
      const answer = r.code === undefined ? `${r.status}` : `${r.status} (code ${r.code})`;
      console.log(
        `  ${a.label.padEnd(36)} ${answer.padEnd(15)} ${String(r.ms).padStart(6)} ms   /healthz meanwhile ${String(health.ms).padStart(6)} ms   RSS after ${rssMb(server.pid)} MB (peak ${server.peakRssMb()} MB)`,
      );
    }
  } finally {
    await server.stop();
    await db.dispose(false);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dbs = (flag('dbs') ?? process.env.BENCH_DBS ?? 'pglite').split(',') as DbKind[];
  const pgUrl = flag('pg-url') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (dbs.includes('postgres')) await checkPostgres(pgUrl);
  for (const kind of dbs) await runOne(kind, pgUrl);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
