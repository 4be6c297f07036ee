import type { Sql } from '@switchboard/shared/sql';

/** A job as its handler sees it. */
export interface Job<P = Record<string, unknown>> {
  id: string;
  queue: string;
  payload: P;
  /** What the handler saved of its progress (a cursor), from an earlier attempt too. */
  progress: unknown;
  /** This attempt's number, from 1; a lease taken over from a dead worker counts as an attempt. */
  attempts: number;
  maxAttempts: number;
  groupKey: string | null;
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  maxAttempts?: number;
  /** Jobs of one group are cancelled together (a push and its chunks). */
  groupKey?: string;
  /** At most one waiting or active job of the queue has this key; a second enqueue does nothing. */
  singletonKey?: string;
}

interface JobRow {
  id: string;
  queue: string;
  payload: Record<string, unknown>;
  progress: unknown;
  attempts: number;
  max_attempts: number;
  group_key: string | null;
}

const toJob = (r: JobRow): Job => ({
  id: r.id,
  queue: r.queue,
  payload: r.payload,
  progress: r.progress,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  groupKey: r.group_key,
});

/** Adds jobs (one statement per 500); returns the new ids (none for a singleton already there). */
export async function enqueueJobs(
  sql: Sql,
  jobs: { queue: string; payload: unknown; opts?: EnqueueOptions }[],
  now: Date,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < jobs.length; start += 500) {
    const values: unknown[] = [];
    const tuples = jobs.slice(start, start + 500).map(({ queue, payload, opts = {} }) => {
      const n = values.length;
      values.push(
        queue,
        JSON.stringify(payload),
        opts.runAt ?? now,
        opts.maxAttempts ?? 5,
        opts.groupKey ?? null,
        opts.singletonKey ?? null,
        now,
      );
      return `($${n + 1}, $${n + 2}::jsonb, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, $${n + 7})`;
    });
    const rows = await sql.query<{ id: string }>(
      `INSERT INTO lc_jobs (queue, payload, run_at, max_attempts, group_key, singleton_key, created_at)
       VALUES ${tuples.join(', ')}
       ON CONFLICT (queue, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('waiting', 'active')
       DO NOTHING RETURNING id::text AS id`,
      values,
    );
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/**
 * Takes up to `limit` due jobs of `queues` for `worker`: waiting ones whose time has come, and
 * active ones whose lease ran out (their worker died). SKIP LOCKED lets several processes claim
 * at once without waiting on each other or taking the same job.
 */
export async function claimJobs(
  sql: Sql,
  o: { queues: string[]; worker: string; now: Date; leaseMs: number; limit: number },
): Promise<Job[]> {
  const rows = await sql.query<JobRow>(
    `WITH next AS (
       SELECT id FROM lc_jobs
        WHERE queue = ANY($1::text[])
          AND ((state = 'waiting' AND run_at <= $2) OR (state = 'active' AND locked_until < $2))
        ORDER BY run_at, id
        LIMIT $3
        FOR UPDATE SKIP LOCKED)
     UPDATE lc_jobs j
        SET state = 'active', attempts = j.attempts + 1, locked_by = $4,
            locked_until = $2::timestamptz + $5 * interval '1 millisecond'
       FROM next WHERE j.id = next.id
     RETURNING j.id::text AS id, j.queue, j.payload, j.progress, j.attempts, j.max_attempts, j.group_key`,
    [o.queues, o.now, o.limit, o.worker, o.leaseMs],
  );
  return rows.map(toJob).sort((a, b) => Number(a.id) - Number(b.id));
}

/** Locks the job row if `worker` still holds it (inside a transaction); false when the lease went to another. */
export async function lockOwnedJob(tx: Sql, id: string, worker: string): Promise<boolean> {
  const rows = await tx.query(
    "SELECT 1 FROM lc_jobs WHERE id = $1 AND locked_by = $2 AND state = 'active' FOR UPDATE",
    [id, worker],
  );
  return rows.length > 0;
}

/** Extends the lease while `worker` holds the job; false when it no longer does. */
export async function renewLease(sql: Sql, id: string, worker: string, until: Date): Promise<boolean> {
  const rows = await sql.query(
    "UPDATE lc_jobs SET locked_until = $3 WHERE id = $1 AND locked_by = $2 AND state = 'active' RETURNING 1",
    [id, worker, until],
  );
  return rows.length > 0;
}

export async function saveJobProgress(tx: Sql, id: string, progress: unknown): Promise<void> {
  await tx.query('UPDATE lc_jobs SET progress = $2::jsonb WHERE id = $1', [id, JSON.stringify(progress)]);
}

export async function finishJob(tx: Sql, id: string, state: 'done' | 'cancelled', now: Date): Promise<void> {
  await tx.query(
    'UPDATE lc_jobs SET state = $2, finished_at = $3, locked_by = NULL, locked_until = NULL WHERE id = $1',
    [id, state, now],
  );
}

/** After a failed attempt: waiting again after `delayMs`, or failed once its attempts are spent. */
export async function retryOrFailJob(
  tx: Sql,
  o: { id: string; now: Date; delayMs: number; error: string },
): Promise<'waiting' | 'failed'> {
  const rows = await tx.query<{ state: 'waiting' | 'failed' }>(
    `UPDATE lc_jobs
        SET state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'waiting' END,
            finished_at = CASE WHEN attempts >= max_attempts THEN $2::timestamptz END,
            run_at = $2::timestamptz + $3 * interval '1 millisecond',
            last_error = left($4, 2000), locked_by = NULL, locked_until = NULL
      WHERE id = $1 RETURNING state`,
    [o.id, o.now, o.delayMs, o.error],
  );
  return rows[0]?.state ?? 'failed';
}

/** Cancels the waiting jobs of a group (active ones see it when they commit); returns how many. */
export async function cancelJobGroup(tx: Sql, groupKey: string, now: Date): Promise<number> {
  const rows = await tx.query(
    `UPDATE lc_jobs SET state = 'cancelled', finished_at = $2
      WHERE group_key = $1 AND state = 'waiting' RETURNING 1`,
    [groupKey, now],
  );
  return rows.length;
}

/** Forgets finished jobs older than `before` (in slices, so no statement runs long). */
export async function purgeFinishedJobs(sql: Sql, before: Date): Promise<number> {
  const rows = await sql.query(
    `DELETE FROM lc_jobs WHERE id IN (
       SELECT id FROM lc_jobs WHERE finished_at < $1 AND state IN ('done', 'cancelled', 'failed') LIMIT 5000)
     RETURNING 1`,
    [before],
  );
  return rows.length;
}
