import type { ImportReport } from '@switchboard/migrate';
import type { MigrationStatus } from '@switchboard/shared';
import { audit } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import type { MigrationEnv } from './env';
import { execute, outcome, sourceKey, TrackedCheckpoint } from './execute';
import { RunProgress } from './progress';
import { describeFailure } from './source-errors';
import { finishRun, saveProgress } from './store';
import type { MigrationRow } from './store';
import { removeUpload } from './uploads';

/** Runs of this process, by id: how to stop one, and when it has stopped. */
const active = new Map<string, { stop: AbortController; done: Promise<void> }>();

/** How often progress is written to the run's row (and its heartbeat beats). */
const SAVE_EVERY_MS = 1000;

const cancelled = () => new Error('Cancelled.');

/** Stops this process's run of `id` before its next batch, if it has one. */
export function stopLocal(id: string): void {
  active.get(id)?.stop.abort(cancelled());
}

/** Waits for this process's run of `id`, if any, to have stopped. */
export async function settled(id: string): Promise<void> {
  await active.get(id)?.done;
}

type End = { status: MigrationStatus; error: string | null };

/**
 * Starts a run in the background of this process. Progress goes to the run's row once a second;
 * the row turning from `running` (a cancel, possibly from another bff process) stops the run
 * before its next batch. A resumed live copy continues from the checkpoints in the row.
 */
export function launch(ctx: ProxyContext, row: MigrationRow, env: MigrationEnv): void {
  const stop = new AbortController();
  const cfg = row.source_config;
  const live = 'url' in cfg ? cfg : undefined;
  // A resumed live copy adds to what earlier attempts counted; an upload is imported afresh.
  const progress = new RunProgress(live ? (row.progress.classes ?? []) : []);
  const checkpoint = live
    ? new TrackedCheckpoint(`${live.url} ${live.appId}`, row.checkpoint, progress)
    : null;
  let saving: Promise<void> | undefined;
  const save = async () => {
    try {
      if (!(await saveProgress(ctx.sql, row.id, progress.snapshot(), checkpoint?.state ?? null)))
        stop.abort(cancelled());
    } catch {
      // A missed save is retried on the next beat.
    }
  };
  const timer = setInterval(() => {
    saving ??= save().finally(() => (saving = undefined));
  }, SAVE_EVERY_MS);

  const run = async () => {
    let end: End | undefined;
    let report: ImportReport | undefined;
    try {
      report = await execute(ctx, row, env, progress, checkpoint, stop.signal);
      end = outcome(report);
    } catch (e) {
      // Cancelled: the row already says so (the cancel wrote it); only the progress is kept.
      if (!stop.signal.aborted)
        end = { status: 'failed', error: describeFailure(e, live?.url, live && sourceKey(ctx, row)) };
    } finally {
      clearInterval(timer);
      await saving;
    }
    await finishRun(ctx.sql, row.id, end, progress.snapshot(), checkpoint?.state ?? null);
    if (end?.status === 'succeeded' && !live) await removeUpload(env.uploads, row.id);
    const totals = report?.classes.map(({ name, read, written, skipped, failed }) => ({
      name,
      read,
      written,
      skipped,
      failed,
    }));
    await audit(ctx, {
      action: 'migration.finish',
      summary: {
        id: row.id,
        kind: row.kind,
        source: row.source,
        status: end?.status ?? 'cancelled',
        error: end?.error,
        classes: totals,
      },
      result: end?.status === 'failed' ? 'error' : 'ok',
    });
  };
  // The request that started the run has been answered; failures end up in the row, or (the
  // database itself gone) nowhere, rather than as an unhandled rejection.
  const done = run()
    .catch(() => undefined)
    .finally(() => active.delete(row.id));
  active.set(row.id, { stop, done });
}
