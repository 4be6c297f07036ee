import { join } from 'node:path';
import {
  copyLive,
  downloadFiles,
  FILE_ANSWER,
  fetchThrough,
  importExport,
  LiveClient,
  MemoryCheckpoint,
  openExport,
} from '@switchboard/migrate';
import type { CheckpointState, ClassCheckpoint, ExportFolder, ImportReport } from '@switchboard/migrate';
import type { MigrationStatus } from '@switchboard/shared';
import { UpstreamClient } from '../../upstream/client';
import type { ProxyContext } from '../proxy/context';
import { secretBoxFor } from '../secret-box';
import type { MigrationEnv } from './env';
import { SOURCE_ANSWER } from './source-fetch';
import type { RunProgress } from './progress';
import type { MigrationRow } from './store';
import { uploadDir, uploadExists } from './uploads';
import { UpstreamTarget } from './upstream-target';
import { EXPORT_UNPACK_LIMITS } from './zip-guard';

/** How long one import request may take the app. */
const IMPORT_TIMEOUT_MS = 120_000;

export const RESUME_HINT = '(resume the migration to continue)';

export const sealContext = (id: string) => `console_migrations:${id}`;

/** The source master key of a live run, opened from its sealed form. */
export const sourceKey = (ctx: ProxyContext, row: MigrationRow): string | undefined =>
  row.source_key_sealed ? secretBoxFor(ctx.sql).open(row.source_key_sealed, sealContext(row.id)) : undefined;

class RunFailure extends Error {}

/** The live copy's checkpoints, which also tell the progress when a class is finished. */
export class TrackedCheckpoint extends MemoryCheckpoint {
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

/** What one run does: the engine over the upload or the live source, then the file content. */
export async function execute(
  ctx: ProxyContext,
  row: MigrationRow,
  env: MigrationEnv,
  progress: RunProgress,
  checkpoint: MemoryCheckpoint | null,
  signal: AbortSignal,
): Promise<ImportReport> {
  // A client of its own with a longer timeout: an import batch of thousands of objects may take
  // the app longer than the console's reads are allowed, and a timeout would fail the batch.
  const target = new UpstreamTarget(new UpstreamClient(ctx.app, IMPORT_TIMEOUT_MS), ctx.app.baseUrl);
  const cfg = row.source_config;
  let report: ImportReport;
  if ('url' in cfg) {
    const masterKey = sourceKey(ctx, row);
    if (!masterKey)
      throw new RunFailure(
        'The source master key cannot be read (the console secret key changed); start a new migration.',
      );
    const client = new LiveClient(
      { baseUrl: cfg.url, appId: cfg.appId, masterKey },
      signal,
      fetchThrough(env.outbound, SOURCE_ANSWER),
    );
    report = await copyLive(client, target, `${cfg.url} ${cfg.appId}`, {
      checkpoint: checkpoint!,
      signal,
      resumeHint: RESUME_HINT,
      onTotals: (t) => progress.setTotals(t),
      onProgress: (c) => progress.update(c),
    });
  } else {
    const path = join(uploadDir(env.uploads, row.id), cfg.upload);
    if (!(await uploadExists(path)))
      throw new RunFailure(
        `The uploaded file ${cfg.name} is gone from the console server; upload the export again.`,
      );
    let folder: ExportFolder;
    try {
      folder = await openExport(
        cfg.upload.toLowerCase().endsWith('.zip') ? path : uploadDir(env.uploads, row.id),
        // Checked on upload already; an upload kept from before that check is checked here.
        EXPORT_UNPACK_LIMITS,
      );
    } catch (e) {
      throw new RunFailure((e as Error).message.split(path).join(cfg.name));
    }
    try {
      report = await importExport(target, folder.files, {
        signal,
        onTotals: (t) => progress.setTotals(t),
        onProgress: (c) => progress.update(c),
      });
    } finally {
      await folder.cleanup();
    }
  }
  progress.finish(report);
  if (row.download_files) {
    const files = await downloadFiles(target, target, {
      signal,
      onProgress: (c) => progress.update(c),
      fetch: fetchThrough(env.outbound, FILE_ANSWER),
    });
    report.classes.push(files);
    progress.finish({ ...report, classes: [files] });
  }
  return report;
}

/** The end state of a run that completed: failed when a live class stopped midway (resumable). */
export function outcome(report: ImportReport): { status: MigrationStatus; error: string | null } {
  const cut = report.classes.filter((c) => c.failures.some((f) => f.message.endsWith(RESUME_HINT)));
  if (cut.length === 0) return { status: 'succeeded', error: null };
  const first = cut[0]!.failures.find((f) => f.message.endsWith(RESUME_HINT))!.message;
  return {
    status: 'failed',
    error: `${cut.map((c) => c.name).join(', ')} could not be copied completely: ${first}`,
  };
}
