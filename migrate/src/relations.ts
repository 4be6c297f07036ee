import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { csvRecords } from './csv';
import type { ExportFile } from './plan';
import { readRecords } from './readers';
import type { ReadRecord } from './readers';
import { addFailure, emptyClassReport } from './report';
import type { ClassReport } from './report';
import type { MigrationTarget } from './target';

type Member = { owningId: string; relatedId: string };

/** Relation rows: JSON {owningId, relatedId}, or in CSV two bare columns (LeanCloud's import guide). */
async function* memberRecords(path: string): AsyncGenerator<ReadRecord> {
  if (!path.toLowerCase().endsWith('.csv')) {
    yield* readRecords(path);
    return;
  }
  for await (const { line, cells } of csvRecords(createReadStream(path, 'utf8')))
    yield { where: `${basename(path)}:${line}`, value: { owningId: cells[0], relatedId: cells[1] } };
}

const isMember = (v: unknown): v is Member =>
  !!v &&
  typeof (v as Member).owningId === 'string' &&
  (v as Member).owningId !== '' &&
  typeof (v as Member).relatedId === 'string' &&
  (v as Member).relatedId !== '';

/** Adds the members of one relation field; members already present count as skipped. */
export async function importRelations(
  target: MigrationTarget,
  file: Extract<ExportFile, { kind: 'relation' }>,
  relatedClass: string | undefined,
  batchSize: number,
  signal?: AbortSignal,
): Promise<ClassReport> {
  const report = emptyClassReport(`${file.ownerClass}.${file.field} (relation)`);
  if (!relatedClass) {
    addFailure(
      report,
      basename(file.path),
      `The class of the related objects is unknown: no schema file and no ${file.ownerClass} object names it.`,
    );
    return report;
  }
  let batch: { where: string; m: Member }[] = [];
  const flush = async () => {
    signal?.throwIfAborted();
    const relations = batch.map(({ m }) => ({
      field: file.field,
      owningId: m.owningId,
      relatedClass,
      relatedId: m.relatedId,
    }));
    try {
      const res = await target.send(file.ownerClass, { relations });
      report.written += res.relationsAdded;
      report.skipped += relations.length - res.relationsAdded;
    } catch (e) {
      for (const r of batch) addFailure(report, r.where, (e as Error).message);
    }
    batch = [];
  };
  for await (const rec of memberRecords(file.path)) {
    report.read++;
    if ('error' in rec) addFailure(report, rec.where, rec.error);
    else if (!isMember(rec.value))
      addFailure(report, rec.where, 'A relation row needs owningId and relatedId.');
    else batch.push({ where: rec.where, m: rec.value });
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return report;
}
