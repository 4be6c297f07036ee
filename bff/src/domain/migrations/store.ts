import type { Migration, MigrationClass, MigrationKind, MigrationStatus } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import type { CheckpointState } from '@switchboard/migrate';
import { withoutCredentials } from './source-url';

/**
 * A run whose heartbeat is older than this is no longer being worked on: its bff process stopped.
 * Runs beat once a second, so a busy event loop never comes near it.
 */
export const STALE_SECONDS = 20;

/**
 * Where a run reads from: the uploaded file (kept until the run succeeds, or until someone
 * discards it), or a live app.
 */
export type SourceConfig =
  { upload: string; name: string; discarded?: boolean } | { url: string; appId: string };

/** The kept upload of this run was deleted on request: nothing is left to resume from. */
export const uploadDiscarded = (cfg: SourceConfig): boolean => 'upload' in cfg && cfg.discarded === true;

/** SQL for the same, on a row: `false` for live runs and uploads still kept. */
const DISCARDED = `coalesce((source_config->>'discarded')::boolean, false)`;

export interface Progress {
  classes: MigrationClass[];
  ignoredFiles: { path: string; reason: string }[];
  etaSeconds: number | null;
}

export interface MigrationRow {
  id: string;
  app: string;
  kind: MigrationKind;
  status: MigrationStatus;
  source: string;
  source_config: SourceConfig;
  source_key_sealed: string | null;
  download_files: boolean;
  created_by: string;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
  progress: Partial<Progress>;
  checkpoint: CheckpointState | null;
  error: string | null;
  /** Computed on read: running, but its heartbeat stopped. */
  stale: boolean;
}

const COLUMNS = `id, app, kind, status, source, source_config, source_key_sealed, download_files, created_by,
  created_at, updated_at, finished_at, progress, checkpoint, error,
  (status = 'running' AND heartbeat_at < now() - interval '${STALE_SECONDS} seconds') AS stale`;

/**
 * A row as the console uses it. Runs started before source addresses with user:password@ were
 * refused may hold one: it is dropped on the way out, so it is never shown, logged, audited or sent.
 */
function clean(r: MigrationRow): MigrationRow {
  const cfg = r.source_config;
  return {
    ...r,
    source: withoutCredentials(r.source),
    source_config: 'url' in cfg ? { ...cfg, url: withoutCredentials(cfg.url) } : cfg,
    error: r.error === null ? null : withoutCredentials(r.error),
  };
}

const first = (rows: MigrationRow[]) => (rows[0] ? clean(rows[0]) : undefined);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The row as the console sees it; the source key and the upload's location never leave. */
export function toMigration(r: MigrationRow): Migration {
  return {
    id: r.id,
    app: r.app,
    kind: r.kind,
    status: r.stale ? 'interrupted' : r.status,
    source: r.source,
    downloadFiles: r.download_files,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    finishedAt: iso(r.finished_at),
    classes: r.progress.classes ?? [],
    ignoredFiles: r.progress.ignoredFiles ?? [],
    etaSeconds: r.stale || r.status !== 'running' ? null : (r.progress.etaSeconds ?? null),
    error: r.stale ? 'The console server running this migration stopped; resume it to continue.' : r.error,
    uploadDiscarded: uploadDiscarded(r.source_config),
  };
}

export async function insertRun(
  sql: Sql,
  r: Pick<
    MigrationRow,
    'id' | 'app' | 'kind' | 'source' | 'source_config' | 'download_files' | 'created_by'
  > & {
    source_key_sealed: string | null;
  },
): Promise<MigrationRow> {
  const rows = await sql.query<MigrationRow>(
    `INSERT INTO console_migrations
       (id, app, kind, status, source, source_config, source_key_sealed, download_files, created_by, heartbeat_at)
     VALUES ($1, $2, $3, 'running', $4, $5::jsonb, $6, $7, $8, now())
     RETURNING ${COLUMNS}`,
    [
      r.id,
      r.app,
      r.kind,
      r.source,
      JSON.stringify(r.source_config),
      r.source_key_sealed,
      r.download_files,
      r.created_by,
    ],
  );
  return clean(rows[0]!);
}

export async function findRun(sql: Sql, app: string, id: string): Promise<MigrationRow | undefined> {
  const rows = await sql.query<MigrationRow>(
    `SELECT ${COLUMNS} FROM console_migrations WHERE id = $1 AND app = $2`,
    [id, app],
  );
  return first(rows);
}

export async function listRuns(sql: Sql, app: string, limit = 100): Promise<MigrationRow[]> {
  const rows = await sql.query<MigrationRow>(
    `SELECT ${COLUMNS} FROM console_migrations WHERE app = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [app, limit],
  );
  return rows.map(clean);
}

/** A run of this app still being worked on (not stale), other than `except`. */
export async function activeRun(sql: Sql, app: string): Promise<MigrationRow | undefined> {
  const rows = await sql.query<MigrationRow>(
    `SELECT ${COLUMNS} FROM console_migrations
      WHERE app = $1 AND status = 'running' AND heartbeat_at >= now() - interval '${STALE_SECONDS} seconds'
      LIMIT 1`,
    [app],
  );
  return first(rows);
}

/**
 * Writes progress and beats the heart of a running run; false when the run is no longer running
 * (cancelled, possibly from another bff process), which tells the runner to stop.
 */
export async function saveProgress(
  sql: Sql,
  id: string,
  progress: Progress,
  checkpoint: CheckpointState | null,
): Promise<boolean> {
  const rows = await sql.query<{ id: string }>(
    `UPDATE console_migrations SET progress = $2::jsonb, checkpoint = $3::jsonb, heartbeat_at = now(),
            updated_at = now()
      WHERE id = $1 AND status = 'running' RETURNING id`,
    [id, JSON.stringify(progress), checkpoint === null ? null : JSON.stringify(checkpoint)],
  );
  return rows.length > 0;
}

/**
 * The end of a run. Its progress is always kept; the status only moves from running. A run that
 * succeeded cannot be resumed, so a live copy's sealed source key is deleted with its success; a
 * run that failed or was cancelled keeps it, to be resumed.
 */
export async function finishRun(
  sql: Sql,
  id: string,
  end: { status: MigrationStatus; error: string | null } | undefined,
  progress: Progress,
  checkpoint: CheckpointState | null,
): Promise<void> {
  await sql.query(
    `UPDATE console_migrations SET progress = $2::jsonb, checkpoint = $3::jsonb, updated_at = now()
      WHERE id = $1`,
    [id, JSON.stringify(progress), checkpoint === null ? null : JSON.stringify(checkpoint)],
  );
  if (!end) return;
  await sql.query(
    `UPDATE console_migrations SET status = $2, error = $3, finished_at = now(), updated_at = now(),
            source_key_sealed = CASE WHEN $2 = 'succeeded' THEN NULL ELSE source_key_sealed END
      WHERE id = $1 AND status = 'running'`,
    [id, end.status, end.error],
  );
}

/** Marks a running (or interrupted) run cancelled; undefined when it was not. */
export async function cancelRun(sql: Sql, app: string, id: string): Promise<MigrationRow | undefined> {
  const rows = await sql.query<MigrationRow>(
    `UPDATE console_migrations SET status = 'cancelled', finished_at = now(), updated_at = now(),
            error = 'Cancelled.'
      WHERE id = $1 AND app = $2 AND status = 'running' RETURNING ${COLUMNS}`,
    [id, app],
  );
  return first(rows);
}

/** Cancelled, failed, or running with a heartbeat that stopped (interrupted). */
const STOPPED = `(status IN ('cancelled', 'failed')
  OR (status = 'running' AND heartbeat_at < now() - interval '${STALE_SECONDS} seconds'))`;

/**
 * Claims a cancelled, failed or interrupted run for running again. One statement, so two
 * processes resuming the same run cannot both win.
 */
export async function claimForResume(sql: Sql, app: string, id: string): Promise<MigrationRow | undefined> {
  const rows = await sql.query<MigrationRow>(
    `UPDATE console_migrations SET status = 'running', heartbeat_at = now(), updated_at = now(),
            finished_at = NULL, error = NULL
      WHERE id = $1 AND app = $2 AND NOT ${DISCARDED} AND ${STOPPED}
      RETURNING ${COLUMNS}`,
    [id, app],
  );
  return first(rows);
}

/**
 * Marks an upload run that stopped before the end as having lost its upload; undefined when the
 * run is not one (still running, succeeded, live, or discarded already). One statement, so a
 * resume claiming the run at the same moment either wins before it or is refused after it. An
 * interrupted run (running, its heartbeat stopped) is stored as `interrupted` with an error that
 * no longer invites resuming it.
 */
export async function markUploadDiscarded(
  sql: Sql,
  app: string,
  id: string,
): Promise<MigrationRow | undefined> {
  const rows = await sql.query<MigrationRow>(
    `UPDATE console_migrations
        SET source_config = source_config || '{"discarded": true}'::jsonb, updated_at = now(),
            finished_at = coalesce(finished_at, now()),
            error = CASE WHEN status = 'running' THEN $3 ELSE error END,
            status = CASE WHEN status = 'running' THEN 'interrupted' ELSE status END
      WHERE id = $1 AND app = $2 AND kind = 'files' AND NOT ${DISCARDED}
        AND ${STOPPED}
      RETURNING ${COLUMNS}`,
    [id, app, 'The console server running this migration stopped before it finished.'],
  );
  return first(rows);
}
