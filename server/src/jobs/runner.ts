import { randomUUID } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../lib/clock';
import {
  claimJobs,
  enqueueJobs,
  finishJob,
  lockOwnedJob,
  renewLease,
  retryOrFailJob,
  saveJobProgress,
} from './store';
import type { EnqueueOptions, Job } from './store';

/** This worker no longer holds the job: another took it over after the lease ran out. */
export class LeaseLost extends Error {
  override name = 'LeaseLost';
}

export interface JobContext<P> {
  readonly job: Job<P>;
  now(): Date;
  /**
   * Runs fn in one transaction with the job row locked, only while this worker still holds the
   * job (else throws LeaseLost and nothing of fn commits); renews the lease. Work that must count
   * once commits in a step, together with the progress or completion that records it.
   */
  step<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /** Inside a step: the job is done when the step commits. */
  complete(tx: Sql): Promise<void>;
  saveProgress(tx: Sql, progress: unknown): Promise<void>;
  /** Aborted when the runner stops or the lease is lost. */
  readonly signal: AbortSignal;
}

export interface QueueOptions<P> {
  handler(ctx: JobContext<P>): Promise<void>;
  /** Runs in the transaction that gives the job up (its attempts spent). */
  onFailed?(tx: Sql, job: Job<P>, error: string): Promise<void>;
}

export interface RunnerOptions {
  /** How long a claim lasts without a heartbeat; a dead worker's jobs are taken over after it. */
  leaseMs: number;
  /** How often idle workers look for due jobs. */
  pollMs: number;
  /** Jobs this process runs at once. */
  concurrency: number;
  log(err: unknown): void;
}

/** Delay before attempt n + 1: 1 s, 2 s, 4 s ... at most 5 minutes. */
export const backoffMs = (attempt: number) => Math.min(300_000, 1000 * 2 ** Math.max(0, attempt - 1));

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The one durable job runner (DESIGN: server/src/jobs): jobs live in lc_jobs, every server process
 * on the database claims due ones with FOR UPDATE SKIP LOCKED, holds each under a lease it renews
 * while working, retries failures with backoff, and takes over the jobs of a process that died
 * once their lease runs out.
 */
export class JobRunner {
  /** Names this process in lc_jobs.locked_by (the pid helps find a process's claims). */
  readonly worker = `pid-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly queues = new Map<string, QueueOptions<never>>();
  private readonly running = new Set<Promise<void>>();
  private claiming: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly starters: ((sql: Sql) => Promise<unknown>)[] = [];
  private starting: Promise<void> | undefined;
  private stopped = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly opts: RunnerOptions,
  ) {}

  register<P>(queue: string, options: QueueOptions<P>): void {
    this.queues.set(queue, options);
  }

  /** Adds a job (inside the caller's transaction when given one); wakes this process's workers. */
  async enqueue(
    sql: Sql,
    queue: string,
    payload: unknown,
    opts: EnqueueOptions = {},
  ): Promise<string | undefined> {
    const [id] = await enqueueJobs(sql, [{ queue, payload, opts }], this.clock.now());
    this.kick();
    return id;
  }

  /** Adds several jobs in one statement (inside the caller's transaction when given one). */
  async enqueueMany(
    sql: Sql,
    jobs: { queue: string; payload: unknown; opts?: EnqueueOptions }[],
  ): Promise<string[]> {
    const ids = await enqueueJobs(sql, jobs, this.clock.now());
    this.kick();
    return ids;
  }

  /** Runs `fn` when the runner starts (recurring jobs make sure their next run is waiting). */
  atStart(fn: (sql: Sql) => Promise<unknown>): void {
    this.starters.push(fn);
  }

  start(): void {
    this.starting = Promise.allSettled(this.starters.map((fn) => fn(this.sql))).then((all) => {
      for (const r of all) if (r.status === 'rejected') this.opts.log(r.reason);
    });
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (this.timer) clearInterval(this.timer);
    await this.starting;
    await this.claiming?.catch(() => undefined);
    await Promise.allSettled([...this.running]);
  }

  /** Looks for due jobs soon (after the caller's transaction has had time to commit). */
  kick(): void {
    if (this.stopped) return;
    setImmediate(() => void this.tick().catch((e: unknown) => this.opts.log(e)));
  }

  /** Runs due jobs until none is left, waiting for each (tests and the demo seed use it). */
  async runUntilIdle(): Promise<void> {
    for (;;) {
      const claimed = await this.tick();
      if (claimed === 0 && this.running.size === 0) return;
      await Promise.allSettled([...this.running]);
    }
  }

  /** Claims as many due jobs as there is room for and starts them; returns how many it claimed. */
  private async tick(): Promise<number> {
    // One claim at a time per process: a second caller waits for it, then claims again.
    while (this.claiming) await this.claiming.catch(() => 0);
    if (this.stopped || this.queues.size === 0) return 0;
    const room = this.opts.concurrency - this.running.size;
    if (room <= 0) return 0;
    this.claiming = claimJobs(this.sql, {
      queues: [...this.queues.keys()],
      worker: this.worker,
      now: this.clock.now(),
      leaseMs: this.opts.leaseMs,
      limit: room,
    }).then((jobs) => {
      for (const job of jobs) {
        const p = this.run(job).finally(() => {
          this.running.delete(p);
          this.kick();
        });
        this.running.add(p);
      }
      return jobs.length;
    });
    try {
      return await this.claiming;
    } finally {
      this.claiming = undefined;
    }
  }

  private async run(job: Job): Promise<void> {
    const queue = this.queues.get(job.queue);
    if (!queue) return;
    // Taken over from workers that died on it as often as it may be tried: a poison job stops here.
    if (job.attempts > job.maxAttempts) {
      const error = `the job was interrupted ${job.attempts - 1} times (its worker stopped)`;
      await this.giveBack(job, queue, error).catch((e: unknown) => this.opts.log(e));
      return;
    }
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, this.stopping.signal]);
    const heartbeat = setInterval(
      () => {
        renewLease(this.sql, job.id, this.worker, this.later(this.opts.leaseMs))
          .then((held) => held || lost.abort())
          .catch((e: unknown) => this.opts.log(e));
      },
      Math.max(50, Math.floor(this.opts.leaseMs / 3)),
    );
    heartbeat.unref();
    let completed = false;
    const ctx: JobContext<never> = {
      job: job as Job<never>,
      now: () => this.clock.now(),
      signal,
      step: (fn) => this.step(job, fn),
      complete: async (tx) => {
        await finishJob(tx, job.id, 'done', this.clock.now());
        completed = true;
      },
      saveProgress: (tx, progress) => saveJobProgress(tx, job.id, progress),
    };
    try {
      await queue.handler(ctx);
      if (!completed) await this.step(job, (tx) => ctx.complete(tx));
    } catch (e) {
      if (e instanceof LeaseLost) return;
      this.opts.log(e);
      await this.giveBack(job, queue, message(e)).catch((err: unknown) => this.opts.log(err));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** `ms` from the runner's now. */
  later(ms: number): Date {
    return new Date(this.clock.now().getTime() + ms);
  }

  private step<T>(job: Job, fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.sql.transaction(async (tx) => {
      if (!(await lockOwnedJob(tx, job.id, this.worker))) throw new LeaseLost(`job ${job.id} was taken over`);
      const out = await fn(tx);
      await renewLease(tx, job.id, this.worker, this.later(this.opts.leaseMs));
      return out;
    });
  }

  /** A failed attempt: retried later with backoff, or given up once its attempts are spent. */
  private async giveBack(job: Job, queue: QueueOptions<never>, error: string): Promise<void> {
    await this.sql.transaction(async (tx) => {
      if (!(await lockOwnedJob(tx, job.id, this.worker))) return;
      const state = await retryOrFailJob(tx, {
        id: job.id,
        now: this.clock.now(),
        delayMs: backoffMs(job.attempts),
        error,
      });
      if (state === 'failed') await queue.onFailed?.(tx, job as Job<never>, error);
    });
  }
}
