import { basename } from 'node:path';
import type { FieldSchema } from '@switchboard/shared';
import { checkExport } from './check-export';
import { classify, importOrder } from './plan';
import type { ExportFile } from './plan';
import { readRecords } from './readers';
import { applySchemaChanges } from './apply-schema';
import { readSchemaChanges } from './schema-options';
import { addFailure, emptyClassReport } from './report';
import type { ClassReport, ImportReport } from './report';
import { importRelations } from './relations';
import type { BatchInput, BatchResult, MigrationTarget } from './target';

/**
 * A batch is sent once it holds this much JSON even when it has fewer objects than the batch
 * size: the server refuses bodies over 20 MB, and big exported objects would cross it.
 */
const MAX_BATCH_BYTES = 8 * 1024 * 1024;

export interface ImportOptions {
  /** Objects per request (the server takes up to 5000). */
  batchSize?: number;
  /** LeanCloud's password rehash rounds, when an export used another count than the documented 512. */
  hashRounds?: number;
  onProgress?: (p: ClassReport, elapsedMs: number) => void;
  /** Stops the import before its next batch; the import then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Given, it is called once before the first class with the objects of each class. */
  onTotals?: (totals: Map<string, number>) => void;
}

/**
 * Objects per request by default: bigger batches cost the server less per object (one statement,
 * one transaction, one request each), up to the size limit above.
 */
export const DEFAULT_BATCH_SIZE = 2000;

/** Relation fields seen so far: "<Owner>.<field>" -> class of the related objects. */
export type RelationTargets = Map<string, string>;

function noteRelations(targets: RelationTargets, className: string, value: unknown): void {
  if (!value || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const r = v as { __type?: unknown; className?: unknown } | null;
    if (r && r.__type === 'Relation' && typeof r.className === 'string')
      targets.set(`${className}.${k}`, r.className);
  }
}

/**
 * Requests in flight per class after the first batch: a Postgres server writes them on several
 * connections at once, and reading overlaps writing. Memory stays bounded by this many batches.
 */
const IN_FLIGHT = 3;

/**
 * Streams one class's files to the target in batches. The first batch goes alone (it creates the
 * class and records the schema's fields); later ones overlap, up to IN_FLIGHT at a time.
 */
async function importClass(
  target: MigrationTarget,
  className: string,
  files: string[],
  fields: Record<string, FieldSchema> | undefined,
  targets: RelationTargets,
  opts: ImportOptions & { started: number },
): Promise<ClassReport> {
  const report = emptyClassReport(className);
  const size = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const running = new Set<Promise<void>>();
  let sent = 0;
  const flush = async (batch: { where: string; value: unknown }[]) => {
    while (running.size >= (sent <= 1 ? 1 : IN_FLIGHT)) await Promise.race(running);
    if (opts.signal?.aborted) {
      // Stopped with the batches already sent written, so a resume right after finds them.
      await Promise.allSettled(running);
      opts.signal.throwIfAborted();
    }
    const input: BatchInput = { objects: batch.map((r) => r.value) };
    if (sent === 0 && fields) input.fields = fields;
    if (opts.hashRounds !== undefined) input.hashRounds = opts.hashRounds;
    sent++;
    const request: Promise<void> = target
      .send(className, input)
      .then(
        (res: BatchResult) => {
          report.written += res.written;
          report.skipped += res.skipped;
          for (const f of res.failed)
            addFailure(report, batch[f.index]?.where ?? '?', `${f.error} (code ${f.code})`);
          opts.onProgress?.(report, Date.now() - opts.started);
        },
        (e: unknown) => {
          for (const r of batch) addFailure(report, r.where, (e as Error).message);
        },
      )
      .finally(() => running.delete(request));
    running.add(request);
  };
  let batch: { where: string; value: unknown }[] = [];
  let bytes = 0;
  for (const file of files) {
    for await (const rec of readRecords(file)) {
      report.read++;
      if ('error' in rec) {
        addFailure(report, rec.where, rec.error);
        continue;
      }
      noteRelations(targets, className, rec.value);
      batch.push(rec);
      bytes += rec.bytes ?? 0;
      if (batch.length >= size || bytes >= MAX_BATCH_BYTES) {
        await flush(batch);
        batch = [];
        bytes = 0;
      }
    }
  }
  if (batch.length > 0 || sent === 0) await flush(batch);
  await Promise.all(running);
  return report;
}

/**
 * Imports a LeanCloud export folder: every file checked first (an ExportParseError, and nothing
 * written, for one that cannot be read), then the schema (classes and field types), then each class
 * (built-in ones first), then relation members. Objects keep their objectId; one already in the
 * target with the same or a newer updatedAt is skipped, so running it again changes nothing.
 */
export async function importExport(
  target: MigrationTarget,
  paths: string[],
  opts: ImportOptions = {},
): Promise<ImportReport> {
  const started = Date.now();
  const files: ExportFile[] = paths.map(classify);
  // Every file is read before anything is written: one that cannot be read writes nothing.
  const checked = await checkExport(files, opts.signal);
  opts.onTotals?.(checked.totals);
  const schema = checked.schema ?? new Map<string, Record<string, FieldSchema>>();
  const byClass = new Map<string, string[]>();
  for (const f of files)
    if (f.kind === 'class') byClass.set(f.className, [...(byClass.get(f.className) ?? []), f.path]);
  const targets: RelationTargets = new Map([
    ['_Role.users', '_User'],
    ['_Role.roles', '_Role'],
  ]);
  for (const [c, fields] of schema)
    for (const [k, f] of Object.entries(fields))
      if (f.type === 'Relation' && f.className) targets.set(`${c}.${k}`, f.className);
  const classes: ClassReport[] = [];
  for (const className of importOrder([...byClass.keys(), ...schema.keys()])) {
    opts.signal?.throwIfAborted();
    const o = { ...opts, started };
    classes.push(
      await importClass(target, className, byClass.get(className) ?? [], schema.get(className), targets, o),
    );
  }
  for (const f of files) {
    if (f.kind !== 'relation') continue;
    classes.push(
      await importRelations(
        target,
        f,
        targets.get(`${f.ownerClass}.${f.field}`),
        opts.batchSize ?? DEFAULT_BATCH_SIZE,
        opts.signal,
      ),
    );
  }
  for (const f of files)
    if (f.kind === 'schema' && target.changeSchema)
      await applySchemaChanges(target, await readSchemaChanges(f.path), classes, basename(f.path));
  const ignoredFiles = files.flatMap((f) =>
    f.kind === 'ignored' ? [{ path: f.path, reason: f.reason }] : [],
  );
  return { classes, ignoredFiles, seconds: (Date.now() - started) / 1000 };
}
