import { FetchError, guardedFileFetch, MAX_FILE_BYTES } from './fetch-through';
import { mapLimit } from './pool';
import { addFailure, emptyClassReport } from './report';
import type { ClassReport } from './report';
import type { FetchLike, MigrationTarget } from './target';

export interface DownloadOptions {
  /** Downloads in flight at once. */
  concurrency?: number;
  /** Tries per file when the old host fails or is busy (network error, 5xx, 429). */
  attempts?: number;
  /** Wait before the second try; doubled before each further one. */
  retryDelayMs?: number;
  onProgress?: (p: ClassReport) => void;
  /** Stops before the next file; the download then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * How file content is fetched; a FetchError it throws says whether to try again. By default a
   * guarded client that fetches from public addresses only (file URLs are named by the data).
   */
  fetch?: FetchLike;
  /** With the default fetch: also fetch from loopback and private addresses (local development). */
  allowPrivateSources?: boolean;
}

/** What downloadFiles reads the target's _File records with (LiveClient, or the bff's client). */
export interface FilePageReader {
  pages(
    className: string,
    where?: Record<string, unknown>,
    keys?: string,
  ): AsyncGenerator<Record<string, unknown>[]>;
}

async function fetchOnce(url: string, fetcher: FetchLike): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetcher(url, { signal: AbortSignal.timeout(60_000) });
  } catch (e) {
    if (e instanceof FetchError) throw e;
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    throw new FetchError(`cannot fetch it (${cause ?? (e as Error).message})`, true);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new FetchError(`the old host answered ${res.status}`, res.status >= 500 || res.status === 429);
  }
  const announced = Number(res.headers.get('content-length'));
  if (announced > MAX_FILE_BYTES) {
    await res.body?.cancel();
    throw new FetchError(`${announced} bytes is more than the ${MAX_FILE_BYTES} one request takes`, false);
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_FILE_BYTES)
    throw new FetchError(`${bytes.length} bytes is more than the ${MAX_FILE_BYTES} one request takes`, false);
  return bytes;
}

async function fetchWithRetries(
  url: string,
  fetcher: FetchLike,
  attempts: number,
  delayMs: number,
): Promise<Buffer> {
  for (let n = 1; ; n++) {
    try {
      return await fetchOnce(url, fetcher);
    } catch (e) {
      if (!(e instanceof FetchError) || !e.retry || n >= attempts) throw e;
      await new Promise((r) => setTimeout(r, delayMs * 2 ** (n - 1)));
    }
  }
}

/**
 * Copies file content into the target: every _File record there whose url still points elsewhere
 * (at the old app's file hosting) is fetched from that url and stored on the target, which then
 * serves it at its own url. Records already stored on the target are skipped, so running it again
 * only retries what failed. Works the same after a file import and after a live copy, and only
 * while the old host still serves the files.
 */
export async function downloadFiles(
  targetReader: FilePageReader,
  target: MigrationTarget,
  opts: DownloadOptions = {},
): Promise<ClassReport> {
  const guarded = opts.fetch ? undefined : guardedFileFetch(opts.allowPrivateSources ?? false);
  const fetcher = opts.fetch ?? guarded!.fetch;
  try {
    return await downloadAll(targetReader, target, fetcher, opts);
  } finally {
    await guarded?.close();
  }
}

async function downloadAll(
  targetReader: FilePageReader,
  target: MigrationTarget,
  fetcher: FetchLike,
  opts: DownloadOptions,
): Promise<ClassReport> {
  const report = emptyClassReport('_File content');
  const here = `${target.baseUrl}/files/`;
  for await (const page of targetReader.pages('_File', {}, 'url')) {
    const external = page.filter((f) => typeof f.url === 'string' && !f.url.startsWith(here));
    report.read += page.length;
    report.skipped += page.length - external.length;
    await mapLimit(external, opts.concurrency ?? 4, async (f) => {
      opts.signal?.throwIfAborted();
      const id = String(f.objectId);
      const url = String(f.url);
      try {
        const bytes = await fetchWithRetries(url, fetcher, opts.attempts ?? 3, opts.retryDelayMs ?? 500);
        await target.sendFileContent(id, bytes);
        report.written++;
      } catch (e) {
        opts.signal?.throwIfAborted();
        addFailure(report, `_File ${id} (${url})`, (e as Error).message);
      }
    });
    opts.onProgress?.(report);
  }
  return report;
}
