import { migrate } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import { openTestDatabase } from '@switchboard/shared/sql/testing';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../lib/clock';
import { jobMigrations } from './migrations';
import { registerRecurring } from './recurring';
import { JobRunner, LeaseLost } from './runner';
import type { JobContext, QueueOptions } from './runner';
import { claimJobs, enqueueJobs } from './store';

let db: TestDatabase;
let sql: Sql;
const clock = new Clock();
const errors: unknown[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  sql = db.sql;
  await migrate(sql, 'lc_jobs_migrations', jobMigrations);
  await sql.exec('CREATE TABLE ran (job text, worker text, n int)');
});
afterAll(() => db.drop());
beforeEach(async () => {
  clock.reset();
  errors.length = 0;
  await sql.exec('DELETE FROM lc_jobs; DELETE FROM ran;');
});

function runner(queues: Record<string, QueueOptions<never>>, leaseMs = 1000): JobRunner {
  const r = new JobRunner(sql, clock, {
    leaseMs,
    pollMs: 60_000,
    concurrency: 3,
    log: (e) => errors.push(e),
  });
  for (const [q, o] of Object.entries(queues)) r.register(q, o);
  return r;
}

/** A handler that records its run in the same transaction that completes the job. */
const recordRun = (worker: string) => async (ctx: JobContext<never>) => {
  await ctx.step(async (tx) => {
    await tx.query('INSERT INTO ran VALUES ($1, $2, 1)', [ctx.job.id, worker]);
    await ctx.complete(tx);
  });
};

const states = async () =>
  await sql.query<{ state: string; attempts: number }>('SELECT state, attempts FROM lc_jobs ORDER BY id');

describe('job runner', () => {
  it('runs each job once, even with several runners claiming at the same time', async () => {
    await enqueueJobs(
      sql,
      Array.from({ length: 40 }, (_, i) => ({ queue: 'q', payload: { i } })),
      clock.now(),
    );
    const a = runner({ q: { handler: recordRun('a') } });
    const b = runner({ q: { handler: recordRun('b') } });
    await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    const [row] = await sql.query<{ n: number; jobs: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT job)::int AS jobs FROM ran',
    );
    expect(row).toEqual({ n: 40, jobs: 40 });
    expect((await states()).every((s) => s.state === 'done' && s.attempts === 1)).toBe(true);
  });

  it('waits for run_at: a job scheduled later runs only once its time has come', async () => {
    const r = runner({ q: { handler: recordRun('a') } });
    await r.enqueue(sql, 'q', {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    await r.runUntilIdle();
    expect(await states()).toEqual([{ state: 'waiting', attempts: 0 }]);
    clock.advance(60_000);
    await r.runUntilIdle();
    expect(await states()).toEqual([{ state: 'done', attempts: 1 }]);
  });

  it('retries a failed attempt after a backoff, and gives up after max attempts in one transaction with onFailed', async () => {
    let calls = 0;
    const failed: string[] = [];
    const r = runner({
      q: {
        handler: () => Promise.reject(new Error(`boom ${++calls}`)),
        onFailed: async (tx, job, error) => {
          await tx.query('INSERT INTO ran VALUES ($1, $2, 0)', [job.id, error]);
          failed.push(error);
        },
      },
    });
    await r.enqueue(sql, 'q', {}, { maxAttempts: 2 });
    await r.runUntilIdle();
    expect(await states()).toEqual([{ state: 'waiting', attempts: 1 }]);
    clock.advance(1000);
    await r.runUntilIdle();
    expect(await states()).toEqual([{ state: 'failed', attempts: 2 }]);
    expect(failed).toEqual(['boom 2']);
    expect(await sql.query('SELECT worker FROM ran')).toEqual([{ worker: 'boom 2' }]);
  });

  it("takes over a dead worker's job once its lease runs out; the dead worker's late step commits nothing", async () => {
    const r = runner({ q: { handler: recordRun('live') } });
    await enqueueJobs(sql, [{ queue: 'q', payload: {} }], clock.now());
    const [dead] = await claimJobs(sql, {
      queues: ['q'],
      worker: 'dead',
      now: clock.now(),
      leaseMs: 1000,
      limit: 1,
    });
    expect(dead).toBeDefined();
    await r.runUntilIdle();
    expect(await sql.query('SELECT * FROM ran')).toEqual([]);
    clock.advance(1001);
    await r.runUntilIdle();
    expect(await sql.query('SELECT worker FROM ran')).toEqual([{ worker: 'live' }]);
    expect(await states()).toEqual([{ state: 'done', attempts: 2 }]);
    // The dead worker wakes up and tries to commit: its step is refused.
    const zombie = new JobRunner(sql, clock, {
      leaseMs: 1000,
      pollMs: 60_000,
      concurrency: 1,
      log: () => undefined,
    });
    Object.defineProperty(zombie, 'worker', { value: 'dead' });
    await expect(
      (zombie as unknown as { step: (j: unknown, f: (tx: Sql) => Promise<void>) => Promise<void> }).step(
        dead,
        (tx) => tx.query("INSERT INTO ran VALUES ('x', 'dead', 1)").then(() => undefined),
      ),
    ).rejects.toBeInstanceOf(LeaseLost);
    expect(await sql.query("SELECT * FROM ran WHERE worker = 'dead'")).toEqual([]);
  });

  it('rolls back a step that throws: nothing of it commits, and the job is retried', async () => {
    let first = true;
    const r = runner({
      q: {
        handler: async (ctx) => {
          await ctx.step(async (tx) => {
            await tx.query('INSERT INTO ran VALUES ($1, $2, 1)', [ctx.job.id, 'half']);
            if (first) {
              first = false;
              throw new Error('crash after the write');
            }
            await ctx.complete(tx);
          });
        },
      },
    });
    await r.enqueue(sql, 'q', {});
    await r.runUntilIdle();
    clock.advance(1000);
    await r.runUntilIdle();
    expect(await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM ran')).toEqual([{ n: 1 }]);
  });

  it('gives up a job whose workers kept dying on it (a poison job)', async () => {
    const failed: string[] = [];
    const r = runner({
      q: { handler: recordRun('a'), onFailed: (_tx, _job, e) => Promise.resolve(void failed.push(e)) },
    });
    await enqueueJobs(sql, [{ queue: 'q', payload: {}, opts: { maxAttempts: 2 } }], clock.now());
    for (let i = 0; i < 2; i++) {
      await claimJobs(sql, { queues: ['q'], worker: `dead${i}`, now: clock.now(), leaseMs: 10, limit: 1 });
      clock.advance(11);
    }
    await r.runUntilIdle();
    expect(await sql.query('SELECT * FROM ran')).toEqual([]);
    expect(await states()).toEqual([{ state: 'failed', attempts: 3 }]);
    expect(failed[0]).toMatch(/interrupted 2 times/);
  });

  it('keeps one waiting instance of a singleton, and a recurring job enqueues its next run', async () => {
    let runs = 0;
    const serverProcess = () => {
      const r = new JobRunner(sql, clock, {
        leaseMs: 1000,
        pollMs: 60_000,
        concurrency: 1,
        log: (e) => errors.push(e),
      });
      registerRecurring(r, 'tick', 3_600_000, () => Promise.resolve(void runs++));
      return r;
    };
    // Each process that starts makes sure one run waits; a second one adds nothing.
    const [a, b] = [serverProcess(), serverProcess()];
    a.start();
    b.start();
    await Promise.all([a.stop(), b.stop()]);
    expect(await states()).toHaveLength(1);
    const r = serverProcess();
    await enqueueJobs(
      sql,
      [{ queue: 'tick', payload: {}, opts: { singletonKey: 'recurring' } }],
      clock.now(),
    );
    expect(await states()).toHaveLength(1);
    await r.runUntilIdle();
    expect(runs).toBe(1);
    expect((await states()).map((s) => s.state)).toEqual(['done', 'waiting']);
    clock.advance(3_600_000);
    await r.runUntilIdle();
    expect(runs).toBe(2);
    expect(errors).toEqual([]);
  });
});
