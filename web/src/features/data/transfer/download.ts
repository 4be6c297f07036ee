import {
  consoleErrorSchema,
  consoleRoutes,
  EXPORT_ERROR_MARKER,
  REQUEST_ID_HEADER,
} from '@switchboard/shared';
import type { ExportFormat } from '@switchboard/shared';
import { buildUrl, codeForStatus, ConsoleApiError } from '../../../lib/api';

export interface ExportRequest {
  app: string;
  className: string;
  format: ExportFormat;
  where?: string | undefined;
  keys?: string | undefined;
  /** CSV only: starts the file with a UTF-8 byte order mark, without which Excel reads Chinese as garbage. */
  bom?: boolean | undefined;
}

/** The UTF-8 byte order mark. */
export const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

export interface ExportProgress {
  bytes: number;
  /** Objects received so far (lines, less the CSV header). */
  rows: number;
}

export interface ExportResult extends ExportProgress {
  blob: Blob;
  filename: string;
  /** Set when the server cut the export short: what its last line said. */
  incomplete?: string | undefined;
}

export function exportUrl(r: ExportRequest): string {
  const path = consoleRoutes.exportClass.path
    .replace(':app', encodeURIComponent(r.app))
    .replace(':className', encodeURIComponent(r.className));
  return buildUrl(path, { format: r.format, where: r.where, keys: r.keys });
}

/** The file name from Content-Disposition, else one made of the class and format. */
export function filenameOf(disposition: string | null, r: ExportRequest): string {
  const m = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return m?.[1] ?? `${r.className}.${r.format}`;
}

/** The message of an export's closing error marker line, if the text ends with one. */
export function incompleteMessage(tail: string, format: ExportFormat): string | undefined {
  const last = tail.trimEnd().split('\n').pop() ?? '';
  if (format === 'jsonl') {
    if (!last.startsWith(`{"${EXPORT_ERROR_MARKER}"`)) return undefined;
    try {
      return String((JSON.parse(last) as Record<string, unknown>)[EXPORT_ERROR_MARKER]);
    } catch {
      return undefined;
    }
  }
  if (!last.startsWith(`${EXPORT_ERROR_MARKER},`)) return undefined;
  const text = last.slice(EXPORT_ERROR_MARKER.length + 1);
  return text.startsWith('"') ? text.slice(1, -1).replaceAll('""', '"') : text;
}

async function failure(res: Response): Promise<ConsoleApiError> {
  const text = await res.text().catch(() => '');
  const requestId = res.headers.get(REQUEST_ID_HEADER) ?? undefined;
  try {
    const body = consoleErrorSchema.safeParse(JSON.parse(text));
    if (body.success) return new ConsoleApiError({ ...body.data, status: res.status });
  } catch {
    // not JSON: described by its status below
  }
  return new ConsoleApiError({
    code: codeForStatus(res.status),
    message: `HTTP ${res.status}`,
    status: res.status,
    requestId,
  });
}

/**
 * Counts the line ends that end a record. In CSV a quoted cell may hold line breaks, so a line
 * end inside quotes is not counted; a doubled quote ("") toggles twice and so changes nothing.
 * JSON lines escape their line breaks. The quote state carries over from chunk to chunk.
 */
export function recordCounter(format: ExportRequest['format']) {
  let quoted = false;
  return (chunk: Uint8Array): number => {
    let n = 0;
    for (const b of chunk) {
      if (b === 34 && format === 'csv') quoted = !quoted;
      else if (b === 10 && !quoted) n++;
    }
    return n;
  };
}

/**
 * Downloads an export as it streams, reporting bytes and rows as they come; `signal` cancels
 * it (the server then stops reading the class). The whole file ends up in one Blob to save.
 */
export async function downloadExport(
  r: ExportRequest,
  onProgress: (p: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportResult> {
  let res: Response;
  try {
    res = await fetch(exportUrl(r), { credentials: 'same-origin', signal: signal ?? null });
  } catch (error) {
    if ((error as { name?: unknown }).name === 'AbortError') throw error;
    throw new ConsoleApiError({ code: 'network_error', message: String(error), status: 0, cause: error });
  }
  if (!res.ok) throw await failure(res);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  const header = r.format === 'csv' ? 1 : 0;
  const countRecords = recordCounter(r.format);
  if (res.body) {
    const reader = res.body.getReader();
    // A fetch aborted mid-body ends its stream; cancelling covers a body that stopped sending.
    signal?.addEventListener('abort', () => void reader.cancel().catch(() => {}), { once: true });
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      lines += countRecords(value);
      onProgress({ bytes, rows: Math.max(0, lines - header) });
    }
  }
  signal?.throwIfAborted();
  const parts = r.bom && r.format === 'csv' ? [UTF8_BOM, ...chunks] : chunks;
  const blob = new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'text/plain' });
  const decoder = new TextDecoder();
  const tail = chunks
    .slice(-2)
    .map((c) => decoder.decode(c, { stream: true }))
    .join('');
  const incomplete = incompleteMessage(tail, r.format);
  return {
    blob,
    bytes,
    rows: Math.max(0, lines - header - (incomplete ? 1 : 0)),
    filename: filenameOf(res.headers.get('content-disposition'), r),
    incomplete,
  };
}

/** Hands a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the URL can go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
