import type { FieldSchema } from '@switchboard/shared';
import { Checkpoint } from './checkpoint';
import type { LiveClient } from './live-client';
import { copyRelationField } from './live-relations';
import { importOrder } from './plan';
import { addFailure, emptyClassReport } from './report';
import type { ClassReport, ImportReport } from './report';
import type { BatchInput, BatchResult, ImportTarget } from './target';

type Obj = Record<string, unknown>;

export interface LiveOptions {
  checkpointFile: string;
  /** Progress after each page, with the estimated seconds left in that class. */
  onProgress?: (p: ClassReport, secondsLeft: number | undefined) => void;
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
  target: ImportTarget,
  checkpoint: Checkpoint,
  className: string,
  fields: Record<string, FieldSchema>,
  report: ClassReport,
  onProgress: LiveOptions['onProgress'],
): Promise<number> {
  const started = Date.now();
  const total = await client.count(className);
  let cursor = checkpoint.get(className).cursor;
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
      if (after) checkpoint.set(className, { cursor: after });
      const rate = report.read / Math.max(1, Date.now() - started);
      onProgress?.(report, rate > 0 ? Math.max(0, total - report.read) / rate / 1000 : undefined);
    });
  };
  for (;;) {
    const page = await client.scan(className, cursor).catch((e: unknown) => {
      if (!cursor) throw e;
      // An expired or foreign cursor: scan the class again from its start.
      cursor = undefined;
      return client.scan(className, undefined);
    });
    const objects = page.results.length > 0 ? await completePage(client, className, page.results) : [];
    await writing;
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
  return total;
}

/**
 * Copies a live app class by class through its scan API (pages of 1000), then the members of each
 * relation field, into the target with the same upserts as the file import. After every written
 * page the scan cursor goes into the checkpoint file, and each finished class and relation field
 * is marked there, so an interrupted copy run again resumes; a page written twice changes nothing,
 * so nothing is duplicated or lost.
 */
export async function copyLive(
  client: LiveClient,
  target: ImportTarget,
  source: string,
  opts: LiveOptions,
): Promise<ImportReport> {
  const started = Date.now();
  const checkpoint = new Checkpoint(opts.checkpointFile, source);
  const schema = await client.schemas();
  const classes: ClassReport[] = [];
  for (const className of importOrder(schema.keys())) {
    const fields = schema.get(className) ?? {};
    const report = emptyClassReport(className);
    classes.push(report);
    let count: number | undefined;
    if (!checkpoint.get(className).done) {
      try {
        count = await copyObjects(client, target, checkpoint, className, fields, report, opts.onProgress);
        checkpoint.set(className, { done: true });
      } catch (e) {
        addFailure(report, className, `${(e as Error).message} ${RESUME}`);
        continue;
      }
    }
    for (const [field, f] of Object.entries(fields)) {
      if (f.type !== 'Relation' || !f.className) continue;
      const key = `${className}.${field} (relation)`;
      if (checkpoint.get(key).done) continue;
      const rel = emptyClassReport(key);
      classes.push(rel);
      try {
        count ??= await client.count(className);
        await copyRelationField(client, target, { className, count }, field, f.className, rel);
        checkpoint.set(key, { done: true });
      } catch (e) {
        addFailure(rel, key, `${(e as Error).message} ${RESUME}`);
      }
    }
  }
  return { classes, ignoredFiles: [], seconds: (Date.now() - started) / 1000 };
}
