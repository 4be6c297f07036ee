import { availableParallelism } from 'node:os';
import { migrate } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../lib/clock';
import { jobMigrations } from './migrations';
import { registerRecurring } from './recurring';
import { JobRunner } from './runner';
import { purgeFinishedJobs } from './store';

export { registerRecurring } from './recurring';
export { JobRunner } from './runner';
export type { JobContext, QueueOptions } from './runner';

/** Finished jobs are kept this long (to see what ran), then forgotten. */
const KEEP_FINISHED_MS = 7 * 86_400_000;

export interface JobSettings {
  /** A dead process's jobs are taken over this long after its last heartbeat (default 30 s). */
  leaseMs?: number | undefined;
  /** How often idle processes look for due jobs (default 250 ms: a scheduled push fires within a second). */
  pollMs?: number | undefined;
  /** Jobs run at once on Postgres (default: the cores plus one; PGlite always runs 2). */
  concurrency?: number | undefined;
}

/** The server's job runner on a migrated lc_jobs, with its own housekeeping job registered. */
export async function createJobRunner(
  sql: Sql,
  clock: Clock,
  settings: JobSettings,
  log: (e: unknown) => void,
) {
  await migrate(sql, 'lc_jobs_migrations', jobMigrations);
  const runner = new JobRunner(sql, clock, {
    leaseMs: settings.leaseMs ?? 30_000,
    pollMs: settings.pollMs ?? 250,
    // PGlite runs one statement at a time: more workers would only queue. On Postgres one more
    // than the cores keeps the database busy while a job waits on it, and leaves the API room: on
    // 2 cores a push to 1,000,000 devices ran at 0.55 of the database's floor with the API's p50
    // x1.7 during it; with 4 workers 0.61 but x2.1, with 2 0.50 and x1.2.
    concurrency: sql.kind === 'pglite' ? 2 : (settings.concurrency ?? availableParallelism() + 1),
    log,
  });
  registerRecurring(runner, 'jobs.purge', 3_600_000, async () => {
    const before = new Date(clock.now().getTime() - KEEP_FINISHED_MS);
    while ((await purgeFinishedJobs(sql, before)) > 0);
  });
  return runner;
}
