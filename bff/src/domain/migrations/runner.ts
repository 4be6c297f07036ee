import { join } from 'node:path';
import {
  copyLive,
  downloadFiles,
  importExport,
  LiveClient,
  MemoryCheckpoint,
  openExport,
} from '@switchboard/migrate';
import type { CheckpointState, ClassCheckpoint, ExportFolder, ImportReport } from '@switchboard/migrate';
import type { MigrationStatus } from '@switchboard/shared';
import { audit } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import { secretBoxFor } from '../secret-box';
import { RunProgress } from './progress';
import { describeFailure } from './source-errors';
import { finishRun, saveProgress } from './store';
import type { MigrationRow } from './store';
import { removeUpload, uploadDir, uploadExists } from './uploads';
import { UpstreamTarget } from './upstream-target';

/** Runs of this process, by id: how to stop one, and when it has stopped. */
const active = new Map<string, { stop: AbortController; done: Promise<void> }>();

/** How often progress is written to the run's row (and its heartbeat beats). */
const SAVE_EVERY_MS = 1000;

export const RESUME_HINT = '(resume the migration to continue)';

export const sealContext = (id: string) => `console_migrations:${id}`;

/** Stops this process's run of `id` before its next batch, if it has one. */
export function stopLocal(id: string): void {
  active.get(id)?.stop.abort(new Error('Cancelled.'));
}

/** Waits for this process's run of `id`, if any, to have stopped. */
export async function settled(id: string): Promise<void> {
  await active.get(id)?.done;
}

class RunFailure extends Error {}

/** The live copy's checkpoints, which also tell the progress when a class is finished. */
class TrackedCheckpoint extends MemoryCheckpoint {
  constructor(
    source: string,
    saved: CheckpointState | null,
    private readonly progress: RunProgress,
  ) {
    super(source, saved);
  }

  override set(className: string, c: ClassCheckpoint): void {
    super.set(className, c);
    if (c.done) this.progress.markDone(className);
  }
}

async function execute(
  ctx: ProxyContext,
  row: MigrationRow,
  uploads: string,
  progress: RunProgress,
  checkpoint: MemoryCheckpoint | null,
  signal: AbortSignal,
): Promise<ImportReport> {
  const target = new UpstreamTarget(ctx.client, ctx.app.baseUrl);
  const cfg = row.source_config;
  let report: ImportReport;
  if ('url' in cfg) {
    const masterKey = row.source_key_sealed
      ? secretBoxFor(ctx.sql).open(row.source_key_sealed, sealContext(row.id))
      : undefined;
    if (!masterKey)
      throw new RunFailure(
        'The source master key cannot be read (the console secret key changed); start a new migration.',
      );
    const client = new LiveClient({ baseUrl: cfg.url, appId: cfg.appId, masterKey }, signal);
    report = await copyLive(client, target, `${cfg.url} ${cfg.appId}`, {
      checkpoint: checkpoint!,
      signal,
      resumeHint: RESUME_HINT,
      onTotals: (t) => progress.setTotals(t),
      onProgress: (c) => progress.update(c),
    });
  } else {
    const path = join(uploadDir(uploads, row.id), cfg.upload);
    if (!(await uploadExists(path)))
      throw new RunFailure(
        `The uploaded file ${cfg.name} is gone from the console server; upload the export again.`,
      );
    let folder: ExportFolder;
    try {
      folder = await openExport(
        cfg.upload.toLowerCase().endsWith('.zip') ? path : uploadDir(uploads, row.id),
      );
    } catch (e) {
      throw new RunFailure((e as Error).message.split(path).join(cfg.name));
    }
    try {
      report = await importExport(target, folder.files, { signal, onProgress: (c) => progress.update(c) });
    } finally {
      await folder.cleanup();
    }
  }
  progress.finish(report);
  if (row.download_files) {
    const files = await downloadFiles(target, target, { signal, onProgress: (c) => progress.update(c) });
    report.classes.push(files);
    progress.finish({ ...report, classes: [files] });
  }
  return report;
}

/** The end state of a run that completed: failed when a live class stopped midway (resumable). */
function outcome(report: ImportReport): { status: MigrationStatus; error: string | null } {
  const cut = report.classes.filter((c) => c.failures.some((f) => f.message.endsWith(RESUME_HINT)));
  if (cut.length === 0) return { status: 'succeeded', error: null };
  const first = cut[0]!.failures.find((f) => f.message.endsWith(RESUME_HINT))!.message;
  return {
    status: 'failed',
    error: `${cut.map((c) => c.name).join(', ')} could not be copied completely: ${first}`,
  };
}

/**
 * Starts a run in the background of this process. Progress goes to the run's row once a second;
 * the row turning from `running` (a cancel, possibly from another bff process) stops the run
 * before its next batch. A resumed live copy continues from the checkpoints in the row.
 */
export function launch(ctx: ProxyContext, row: MigrationRow, uploads: string): void {
  const stop = new AbortController();
  const live = 'url' in row.source_config;
  const progress = new RunProgress(live ? (row.progress.classes ?? []) : []);
  const source =
    live && 'url' in row.source_config ? `${row.source_config.url} ${row.source_config.appId}` : '';
  const checkpoint = live ? new TrackedCheckpoint(source, row.checkpoint, progress) : null;
  let saving = false;
  const save = async () => {
    if (saving) return;
    saving = true;
    try {
      if (!(await saveProgress(ctx.sql, row.id, progress.snapshot(), checkpoint?.state ?? null)))
        stop.abort(new Error('Cancelled.'));
    } catch {
      // A missed save is retried on the next beat.
    } finally {
      saving = false;
    }
  };
  const timer = setInterval(() => void save(), SAVE_EVERY_MS);
  const done = (async () => {
    let end: { status: MigrationStatus; error: string | null } | undefined;
    let report: ImportReport | undefined;
    try {
      report = await execute(ctx, row, uploads, progress, checkpoint, stop.signal);
      end = outcome(report);
    } catch (e) {
      // Cancelled: the row already says so (the cancel wrote it); only the progress is kept.
      if (!stop.signal.aborted) {
        const key =
          live && row.source_key_sealed
            ? secretBoxFor(ctx.sql).open(row.source_key_sealed, sealContext(row.id))
            : undefined;
        end = { status: 'failed', error: describeFailure(e, live ? source.split(' ')[0] : undefined, key) };
      }
    } finally {
      clearInterval(timer);
      while (saving) await new Promise((r) => setTimeout(r, 20));
    }
    await finishRun(ctx.sql, row.id, end, progress.snapshot(), checkpoint?.state ?? null);
    if (end?.status === 'succeeded' && !live) await removeUpload(uploads, row.id);
    await audit(ctx, {
      action: 'migration.finish',
      summary: {
        id: row.id,
        kind: row.kind,
        source: row.source,
        status: end?.status ?? 'cancelled',
        error: end?.error ?? undefined,
        classes: report?.classes.map((c) => ({
          name: c.name,
          read: c.read,
          written: c.written,
          skipped: c.skipped,
          failed: c.failed,
        })),
      },
      result: end?.status === 'failed' ? 'error' : 'ok',
    });
  })()
    .catch(() => undefined)
    .finally(() => active.delete(row.id));
  active.set(row.id, { stop, done });
}
