import { isPlainObject } from '@switchboard/shared';
import { toConsoleApiError } from '../../../../lib/api';
import { findObjects, sendBatch } from '../../editing/api';
import { objectPath } from '../../editing/conditional';
import type { BatchElement, BatchRequest } from '../../editing/conditional';
import type { CellError, PreparedRow } from './coerce';

/** Rows per POST /1.1/batch. */
export const IMPORT_CHUNK = 50;

export interface RowFailure {
  row: number;
  /** The app's or the console's message, or the cell that could not be read. */
  message?: string;
  cell?: CellError;
}

export interface ImportProgress {
  /** Rows handled so far (written or failed). */
  done: number;
  total: number;
}

export interface ImportOutcome {
  created: number;
  updated: number;
  failures: RowFailure[];
  cancelled: boolean;
}

/**
 * The batch for some rows: a row whose objectId exists in the class updates it (PUT); any other
 * row creates an object (POST), without the objectId, which the app assigns itself.
 */
export function planChunk(className: string, rows: readonly PreparedRow[], existing: ReadonlySet<string>) {
  return rows.map((r): BatchRequest => {
    if (r.objectId && existing.has(r.objectId)) {
      return { method: 'PUT', path: objectPath(className, r.objectId), body: r.body };
    }
    return { method: 'POST', path: `/1.1/classes/${encodeURIComponent(className)}`, body: r.body };
  });
}

async function existingIds(
  app: string,
  className: string,
  rows: readonly PreparedRow[],
  signal: AbortSignal,
) {
  const ids = [...new Set(rows.flatMap((r) => (r.objectId ? [r.objectId] : [])))];
  if (ids.length === 0) return new Set<string>();
  const found = await findObjects(
    app,
    className,
    { where: { objectId: { $in: ids } }, keys: 'objectId', limit: ids.length },
    signal,
  );
  return new Set(found.results.map((o) => o.objectId));
}

const elementError = (el: BatchElement | undefined): string | undefined => {
  if (!el) return 'The app gave no answer for this row.';
  return 'error' in el && isPlainObject(el.error) ? `${el.error.error} (${el.error.code})` : undefined;
};

/**
 * Writes prepared rows in batches of IMPORT_CHUNK, in file order. Rows with cells that could not
 * be read are not sent and are reported; so is each row the app refused. A batch the console or
 * the app refuses as a whole ends the import (the next ones would fail alike). Cancelling stops
 * before the next batch; one already sent may have been written.
 */
export async function runImport(
  app: string,
  className: string,
  rows: readonly PreparedRow[],
  signal: AbortSignal,
  onProgress: (p: ImportProgress) => void,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { created: 0, updated: 0, failures: [], cancelled: false };
  const total = rows.length;
  let done = 0;
  for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
    if (signal.aborted) return { ...outcome, cancelled: true };
    const chunk = rows.slice(start, start + IMPORT_CHUNK);
    const ready = chunk.filter((r) => r.errors.length === 0);
    for (const r of chunk) for (const cell of r.errors) outcome.failures.push({ row: r.row, cell });
    try {
      if (ready.length > 0) {
        const existing = await existingIds(app, className, ready, signal);
        const requests = planChunk(className, ready, existing);
        const answers = await sendBatch(app, requests, signal);
        ready.forEach((r, i) => {
          const message = elementError(answers[i]);
          if (message) outcome.failures.push({ row: r.row, message });
          else if (requests[i]?.method === 'PUT') outcome.updated++;
          else outcome.created++;
        });
      }
    } catch (e) {
      if (signal.aborted) return { ...outcome, cancelled: true };
      const message = toConsoleApiError(e).message;
      for (const r of ready) outcome.failures.push({ row: r.row, message });
      onProgress({ done: done + chunk.length, total });
      return outcome;
    }
    done += chunk.length;
    onProgress({ done, total });
  }
  return outcome;
}
