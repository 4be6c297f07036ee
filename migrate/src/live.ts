import type { FieldSchema } from '@switchboard/shared';
import { Checkpoint } from './checkpoint';
import type { CheckpointStore } from './checkpoint';
import type { LiveClient } from './live-client';
import { copyRelationField } from './live-relations';
import { applySchemaChanges } from './apply-schema';
import { importOrder } from './plan';
import { addFailure, emptyClassReport } from './report';
import type { ClassReport, ImportReport } from './report';
import type { SchemaChange } from './schema-options';
import type { BatchInput, BatchResult, MigrationTarget } from './target';

type Obj = Record<string, unknown>;

export interface LiveOptions {
  /** Where progress is kept: a file (`pnpm migrate`), or any store given as `checkpoint`. */
  checkpointFile?: string;
  checkpoint?: CheckpointStore;
  /** Progress after each page, with the estimated seconds left in that class. */
  onProgress?: (p: ClassReport, secondsLeft: number | undefined) => void;
  /** The objects each class still to copy holds, counted before the first page is read. */
  onTotals?: (totals: Map<string, number>) => void;
  /** Stops the copy before its next page; the copy then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Appended to a class's failure, telling how to resume. */
  resumeHint?: string;
}

const RESUME = '(run the same command again to resume)';

/** One scan page with the ACLs (and _File urls) the scan API leaves out. */
async function completePage(client: LiveClient, className: string, page: Obj[]): Promise<Obj[]> {
  const extras = await client.extras(
    className,
    page.map((o) => String(o.objectId)),
  );
  return page.map((o) => {
    const extra = extras.get(String(o.objectId));
    if (!extra) return o;
    // A url in the scanned object itself wins: it is what the source stores.
    return { ...o, ...extra, ...(typeof o.url === 'string' ? { url: o.url } : {}) };
  });
}

/**
 * The objects of one class, page after page; the next page is read from the source while the
 * previous one is written, and the checkpoint moves only once a page is written.
 */
async function copyObjects(
  client: LiveClient,
  target: MigrationTarget,
  checkpoint: CheckpointStore,
  className: string,
  fields: Record<string, FieldSchema>,
  report: ClassReport,
  total: number,
  opts: LiveOptions,
): Promise<void> {
  const { onProgress, signal } = opts;
  const started = Date.now();
  const saved = checkpoint.get(className);
  let cursor = saved.cursor;
  // Resuming after the cursor: what was read before it is counted already.
  if (cursor) report.read = saved.read ?? 0;
  let readAtStart = report.read;
  let restarted = false;
  let first = true;
  let writing: Promise<void> = Promise.resolve();
  const write = (objects: Obj[], after: string | undefined) => {
    const input: BatchInput = { objects };
    if (first) input.fields = fields;
    first = false;
    return target.send(className, input).then((res: BatchResult) => {
      report.read += objects.length;
      report.written += res.written;
      report.skipped += res.skipped;
      for (const f of res.failed)
        addFailure(report, `${className} ${f.objectId ?? `#${f.index}`}`, `${f.error} (code ${f.code})`);
      if (after) checkpoint.set(className, { cursor: after, read: report.read });
      const rate = (report.read - readAtStart) / Math.max(1, Date.now() - started);
      onProgress?.(report, rate > 0 ? Math.max(0, total - report.read) / rate / 1000 : undefined);
    });
  };
  for (;;) {
    signal?.throwIfAborted();
    const page = await client.scan(className, cursor).catch((e: unknown) => {
      if (!cursor || signal?.aborted) throw e;
      // An expired or foreign cursor: scan the class again from its start.
      cursor = undefined;
      restarted = true;
      return client.scan(className, undefined);
    });
    const objects = page.results.length > 0 ? await completePage(client, className, page.results) : [];
    await writing;
    signal?.throwIfAborted();
    if (restarted) {
      // Every page is read again from the first: counting goes back to zero (once the page being
      // written when the scan restarted has been counted), so none of them counts twice.
      report.read = 0;
      readAtStart = 0;
      restarted = false;
    }
    if (objects.length > 0) {
      writing = write(objects, page.cursor);
      // Awaited before the next write; this keeps a failure meanwhile from counting as unhandled.
      writing.catch(() => undefined);
    }
    cursor = page.cursor;
    if (!cursor) break;
  }
  await writing;
  if (first) await target.send(className, { fields });
}

/**
 * Copies a live app class by class through its scan API (pages of 1000), then the members of each
 * relation field, into the target with the same upserts as the file import. After every written
 * page the scan cursor goes into the checkpoint (a file, or the caller's store), and each finished class and relation field
 * is marked there, so an interrupted copy run again resumes; a page written twice changes nothing,
 * so nothing is duplicated or lost.
 */
export async function copyLive(
  client: LiveClient,
  target: MigrationTarget,
  source: string,
  opts: LiveOptions,
): Promise<ImportReport> {
  const started = Date.now();
  const checkpoint =
    opts.checkpoint ?? (opts.checkpointFile ? new Checkpoint(opts.checkpointFile, source) : undefined);
  if (!checkpoint) throw new Error('copyLive needs a checkpoint or a checkpointFile');
  const { signal } = opts;
  const resume = opts.resumeHint ?? RESUME;
  const schema = await client.schemas();
  const order = importOrder(schema.keys());
  // Counted first, so progress can be shown against totals and the time left estimated.
  const totals = new Map<string, number>();
  for (const className of order) {
    signal?.throwIfAborted();
    if (!checkpoint.get(className).done) totals.set(className, await client.count(className));
  }
  opts.onTotals?.(totals);
  const classes: ClassReport[] = [];
  for (const className of order) {
    const fields = schema.get(className) ?? {};
    const report = emptyClassReport(className);
    classes.push(report);
    let count = totals.get(className);
    if (!checkpoint.get(className).done) {
      try {
        await copyObjects(client, target, checkpoint, className, fields, report, count ?? 0, opts);
        checkpoint.set(className, { done: true });
      } catch (e) {
        if (signal?.aborted) throw e;
        addFailure(report, className, `${(e as Error).message} ${resume}`);
        continue;
      }
    }
    for (const [field, f] of Object.entries(fields)) {
      if (f.type !== 'Relation' || !f.className) continue;
      const key = `${className}.${field} (relation)`;
      if (checkpoint.get(key).done) continue;
      const rel = emptyClassReport(key);
      classes.push(rel);
      signal?.throwIfAborted();
      try {
        count ??= await client.count(className);
        await copyRelationField(client, target, { className, count }, field, f.className, rel, signal);
        checkpoint.set(key, { done: true });
      } catch (e) {
        if (signal?.aborted) throw e;
        addFailure(rel, key, `${(e as Error).message} ${resume}`);
      }
    }
  }
  if (target.changeSchema) {
    signal?.throwIfAborted();
    // After the objects, as the file import does: the options bind clients, not the copy.
    const changes = await client.schemaChanges(order).catch((e: unknown) => {
      if (signal?.aborted) throw e;
      const report = emptyClassReport('class permissions and field options');
      classes.push(report);
      addFailure(report, source, `${(e as Error).message} ${resume}`);
      return new Map<string, SchemaChange>();
    });
    await applySchemaChanges(target, changes, classes, source);
  }
  return { classes, ignoredFiles: [], seconds: (Date.now() - started) / 1000 };
}
