import type { Migration } from '@switchboard/shared/sql';

/**
 * The one table of durable background work. A job is `waiting` until its run_at, `active` while a
 * worker holds its lease (locked_by, locked_until), then `done`, `failed` or `cancelled`. A lease
 * that runs out (its worker died) makes the job claimable again.
 */
export const jobMigrations: readonly Migration[] = [
  {
    id: '0001_jobs',
    sql: `
      CREATE TABLE lc_jobs (
        id bigserial PRIMARY KEY,
        queue text NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        progress jsonb,
        state text NOT NULL DEFAULT 'waiting',
        run_at timestamptz NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        max_attempts int NOT NULL DEFAULT 5,
        locked_by text,
        locked_until timestamptz,
        group_key text,
        singleton_key text,
        last_error text,
        created_at timestamptz NOT NULL,
        finished_at timestamptz
      );
      CREATE INDEX lc_jobs_due ON lc_jobs (run_at, id) WHERE state = 'waiting';
      CREATE INDEX lc_jobs_leased ON lc_jobs (locked_until) WHERE state = 'active';
      CREATE INDEX lc_jobs_group ON lc_jobs (group_key, state) WHERE group_key IS NOT NULL;
      CREATE INDEX lc_jobs_finished ON lc_jobs (finished_at) WHERE finished_at IS NOT NULL;
      CREATE UNIQUE INDEX lc_jobs_singleton ON lc_jobs (queue, singleton_key)
        WHERE singleton_key IS NOT NULL AND state IN ('waiting', 'active');
    `,
  },
];
