import { consoleErrorSchema, CSRF_HEADER, REQUEST_ID_HEADER } from '@switchboard/shared';
import type { z } from 'zod';
import { ConsoleApiError, codeForStatus } from './error';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A failed upload's answer as the one error type, worded as the api client words fetch failures. */
function uploadError(xhr: XMLHttpRequest): ConsoleApiError {
  const parsed = consoleErrorSchema.safeParse(parseJson(xhr.responseText));
  if (parsed.success) return new ConsoleApiError({ ...parsed.data, status: xhr.status });
  return new ConsoleApiError({
    code: codeForStatus(xhr.status),
    message: `HTTP ${xhr.status}${xhr.statusText ? ` ${xhr.statusText}` : ''}`,
    requestId: xhr.getResponseHeader(REQUEST_ID_HEADER) ?? undefined,
    status: xhr.status,
  });
}

export interface UploadOptions<S extends z.ZodType> {
  /** Where to POST, query string included (buildUrl). */
  url: string;
  body: Blob;
  contentType: string;
  /** The contract's response schema: a body that does not match is a failure. */
  schema: S;
  onProgress: (sent: number, total: number) => void;
  signal?: AbortSignal | undefined;
}

/**
 * POSTs a file as the raw request body to a console route. XMLHttpRequest rather than fetch: only
 * it reports how much of a request body has gone, and an export may be hundreds of megabytes.
 * Failures become the one ConsoleApiError type; the signal aborts the upload (an AbortError).
 */
export function uploadBody<S extends z.ZodType>(o: UploadOptions<S>): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', o.url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', o.contentType);
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.upload.onprogress = (e) => o.onProgress(e.loaded, e.lengthComputable ? e.total : o.body.size);
    xhr.onerror = () =>
      reject(
        new ConsoleApiError({
          code: 'network_error',
          message: 'The upload did not reach the console.',
          status: 0,
        }),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(uploadError(xhr));
      const parsed = o.schema.safeParse(parseJson(xhr.responseText));
      if (parsed.success) return resolve(parsed.data);
      reject(
        new ConsoleApiError({
          code: 'bad_response',
          message: `The response to POST ${new URL(o.url, 'http://x').pathname} does not match the contract.`,
          status: xhr.status,
        }),
      );
    };
    o.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(o.body);
  });
}
