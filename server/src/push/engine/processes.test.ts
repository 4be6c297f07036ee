import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openSql } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newObjectId } from '../../lib/ids';
import { insertObjects } from '../../store/objects';
import { authHeaders, TEST_KEYS } from '../../test/harness';

/**
 * Two real server processes on one Postgres (PGlite is one process, so this file runs in the
 * postgres project only): a push is delivered to each installation exactly once while the work is
 * shared, a scheduled push fires once, and a process killed with SIGKILL while it holds chunks of
 * a fan-out loses nothing: the other takes its chunks over once their lease runs out.
 */
const onPostgres = process.env.SB_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const URL_ = process.env.TEST_DATABASE_URL ?? '';
const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));
const N = 8000;
const LEASE_MS = 2000;

const schema = `mp_${randomBytes(6).toString('hex')}`;
let sql: Sql;
const procs: { child: ChildProcess; url: string }[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

/** Repeats `probe` until it returns a value (the event the test waits for), failing after `ms`. */
async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function start(extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      LC_APP_ID: TEST_KEYS.appId,
      LC_APP_KEY: TEST_KEYS.appKey,
      LC_MASTER_KEY: TEST_KEYS.masterKey,
      DATABASE_URL: URL_,
      DATABASE_SCHEMA: schema,
      SERVER_PORT: String(port),
      SERVER_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ENABLE_TEST_CONTROL: '1',
      JOBS_LEASE_MS: String(LEASE_MS),
      ...extraEnv,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await until('the server to start', async () => {
    if (child.exitCode !== null) throw new Error(`a server process exited with ${child.exitCode}`);
    return fetch(`${url}/healthz`)
      .then((r) => (r.ok ? true : undefined))
      .catch(() => undefined);
  });
  const p = { child, url };
  procs.push(p);
  return p;
}

async function call(url: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...authHeaders('master'), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function seed(n: number, channel: string): Promise<void> {
  const now = new Date();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newObjectId(now),
    created_at: now,
    updated_at: now,
    acl: null,
    data: { deviceType: 'android', installationId: `${channel}-${i}`, channels: [channel] },
  }));
  await insertObjects(sql, '_Installation', rows);
}

const counts = async (pushId: string) =>
  (
    await sql.query<{ rows: number; duplicates: number; workers: number }>(
      `SELECT count(*)::int AS rows, coalesce(sum(duplicates), 0)::int AS duplicates, count(DISTINCT worker)::int AS workers
         FROM lc_push_deliveries WHERE push_id = $1`,
      [pushId],
    )
  )[0];

const doneRecord = (url: string, id: string) =>
  until(`push ${id} to finish`, async () => {
    const r = await call(url, 'GET', `/1.1/tables/Notifications/${id}`);
    return r.json.status === 'done' ? r.json : undefined;
  });

describe.skipIf(!onPostgres)(
  'two server processes on one Postgres (Postgres only: PGlite is one process)',
  () => {
    let a: { child: ChildProcess; url: string };
    let b: { child: ChildProcess; url: string };
    beforeAll(async () => {
      sql = await openSql({ url: URL_, schema });
      a = await start();
      // B's recorder takes 3 s a batch, as a slow gateway would: it is caught holding chunks when killed.
      const config = join(tmpdir(), `${schema}.json`);
      writeFileSync(config, JSON.stringify({ lc: { _default: { options: { latencyMs: 3000 } } } }));
      b = await start({ PUSH_CONFIG_FILE: config });
    }, 120_000);
    afterAll(async () => {
      for (const { child } of procs)
        if (child.exitCode === null && child.signalCode === null)
          await new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          });
      await sql?.close();
      const admin = await openSql({ url: URL_ });
      await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.close());
    });

    it('a scheduled push fires once, on one of the processes', async () => {
      await seed(300, 'sched');
      const at = new Date(Date.now() + 90_000).toISOString();
      const sent = await call(a.url, 'POST', '/1.1/push', {
        channels: ['sched'],
        data: { alert: 'later' },
        push_time: at,
      });
      const id = String(sent.json.objectId);
      for (const p of [a, b]) await call(p.url, 'POST', '/1.1/__test/clock', { advanceMs: 90_000 });
      expect(await doneRecord(a.url, id)).toMatchObject({ devices: 300, successes: 300 });
      expect(await counts(id)).toMatchObject({ rows: 300, duplicates: 0 });
      const plans = await sql.query<{ attempts: number }>(
        "SELECT attempts FROM lc_jobs WHERE queue = 'push.plan' AND group_key = $1",
        [id],
      );
      expect(plans).toEqual([{ attempts: 1 }]);
      for (const p of [a, b]) await call(p.url, 'POST', '/1.1/__test/clock', { reset: true });
    }, 60_000);

    it('a process killed with SIGKILL mid fan-out loses nothing: every device gets the push once, counts exact', async () => {
      await seed(N, 'all');
      const sent = await call(a.url, 'POST', '/1.1/push', {
        channels: ['all'],
        data: { alert: 'hello' },
        flow_control: 1000,
      });
      expect(sent.status).toBe(200);
      const id = String(sent.json.objectId);
      const bPid = String(b.child.pid);
      // Wait until B holds a chunk (its adapter needs 3 s to answer), then kill it without warning.
      await until('B to hold a chunk', async () => {
        const held = await sql.query(
          "SELECT 1 FROM lc_jobs WHERE queue = 'push.chunk' AND state = 'active' AND locked_by LIKE $1",
          [`pid-${bPid}-%`],
        );
        return held.length > 0 ? true : undefined;
      });
      b.child.kill('SIGKILL');
      await new Promise((resolve) => b.child.once('exit', resolve));
      const rec = await doneRecord(a.url, id);
      expect(rec).toMatchObject({ devices: N, successes: N, lcSuccesses: N, errors: [] });
      expect(await counts(id)).toEqual({ rows: N, duplicates: 0, workers: 1 });
      const taken = await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM lc_jobs WHERE queue = 'push.chunk' AND group_key = $1 AND attempts > 1",
        [id],
      );
      expect(taken[0]?.n).toBeGreaterThan(0);
    }, 60_000);
  },
);
