import { elementOutcome } from '../editing/conditional';
import type { BatchElement, BatchRequest } from '../editing/conditional';

/** The advised batch size is about 100; 50 keeps each request quick and a cancel prompt. */
export const CHUNK_SIZE = 50;

export interface BulkProgress {
  done: number;
  failed: number;
  /** Known when the targets were counted up front. */
  total?: number | undefined;
}

export interface BulkFailure {
  objectId: string;
  error: string;
}

export interface BulkResult extends BulkProgress {
  failures: BulkFailure[];
  cancelled: boolean;
}

export interface BulkRun {
  /** The objects to act on, as a list or as pages read while the run goes. */
  ids: Iterable<string> | AsyncIterable<string>;
  /** The operation for one object. */
  request: (objectId: string) => BatchRequest;
  send: (requests: BatchRequest[]) => Promise<BatchElement[]>;
  total?: number | undefined;
  chunkSize?: number;
  onProgress?: (progress: BulkProgress) => void;
  /** Asked between chunks: a chunk already sent is never abandoned halfway. */
  isCancelled?: () => boolean;
}

async function* chunks(ids: Iterable<string> | AsyncIterable<string>, size: number) {
  let chunk: string[] = [];
  for await (const id of ids) {
    chunk.push(id);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Runs one operation per object in batches, reporting progress after each batch, stopping between
 * batches when cancelled, and collecting every failure with its objectId. A whole batch that
 * fails (network, permission) counts as a failure of each of its objects, and the run goes on.
 */
export async function runBulk(run: BulkRun): Promise<BulkResult> {
  const size = run.chunkSize ?? CHUNK_SIZE;
  const failures: BulkFailure[] = [];
  let done = 0;
  let cancelled = false;
  try {
    for await (const ids of chunks(run.ids, size)) {
      if (run.isCancelled?.()) {
        cancelled = true;
        break;
      }
      try {
        const answers = await run.send(ids.map(run.request));
        ids.forEach((objectId, i) => {
          const outcome = elementOutcome(answers[i]);
          if (outcome.kind === 'failed')
            failures.push({ objectId, error: `${outcome.code}: ${outcome.error}` });
          if (outcome.kind === 'conflict') failures.push({ objectId, error: '305: changed meanwhile' });
        });
      } catch (error) {
        for (const objectId of ids) failures.push({ objectId, error: messageOf(error) });
      }
      done += ids.length;
      run.onProgress?.({ done, failed: failures.length, total: run.total });
    }
  } catch (error) {
    // The list of objects could not be read further (a page of the filter failed): what was
    // done stays done, and the reason is reported as a failure of the rest.
    failures.push({ objectId: '*', error: messageOf(error) });
    run.onProgress?.({ done, failed: failures.length, total: run.total });
  }
  return { done, failed: failures.length, total: run.total, failures, cancelled };
}
