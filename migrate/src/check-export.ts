import { ExportParseError } from './parse-error';
import { importOrder } from './plan';
import type { ExportFile } from './plan';
import { readRecords } from './readers';
import { readSchemaFile } from './schema-file';
import type { SchemaMap } from './schema-file';

export interface CheckedExport {
  schema: SchemaMap | undefined;
  /** Objects per class, in import order. */
  totals: Map<string, number>;
}

/**
 * Reads every file of the export once before anything is written: throws an ExportParseError
 * for the first one that is not what its name says, and counts the objects of each class (for
 * progress and the time left). Values that do not fit their column (a CSV cell) are left to the
 * import, which reports each with its line.
 */
export async function checkExport(files: ExportFile[], signal?: AbortSignal): Promise<CheckedExport> {
  const totals = new Map<string, number>();
  let schema: SchemaMap | undefined;
  for (const f of files) {
    signal?.throwIfAborted();
    if (f.kind === 'schema') {
      schema = await readSchemaFile(f.path);
      continue;
    }
    // Relation files in CSV are two bare columns, which any text reads as.
    if (f.kind === 'ignored' || (f.kind === 'relation' && f.path.toLowerCase().endsWith('.csv'))) continue;
    let n = 0;
    for await (const rec of readRecords(f.path)) {
      if ('error' in rec && rec.unreadable) throw new ExportParseError(rec.where, rec.error);
      n++;
    }
    if (f.kind === 'class') totals.set(f.className, (totals.get(f.className) ?? 0) + n);
  }
  // In the order the classes are imported, which is the order a progress list shows them in.
  return {
    schema,
    totals: new Map(importOrder(totals.keys()).map((c): [string, number] => [c, totals.get(c)!])),
  };
}
