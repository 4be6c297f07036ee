import { consoleErrorSchema, consoleRoutes, CSRF_HEADER, REQUEST_ID_HEADER } from '@switchboard/shared';
import type { UploadedFile } from '@switchboard/shared';
import { buildUrl, codeForStatus, ConsoleApiError } from '../../../lib/api';

const route = consoleRoutes.uploadFile;

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

/**
 * Uploads a file's content into the app and resolves with its File value. XMLHttpRequest rather
 * than fetch: only it reports how much of a request body has gone. The signal aborts the upload.
 */
export function uploadFile(
  app: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const url = buildUrl(route.path.replace(':app', encodeURIComponent(app)), { name: file.name });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // The bff stores the content with this type; JSON would be parsed rather than stored.
    const type = file.type && !/json/i.test(file.type) ? file.type : 'application/octet-stream';
    xhr.setRequestHeader('Content-Type', type);
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
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
      const parsed = route.response.safeParse(parseJson(xhr.responseText));
      if (parsed.success) return resolve(parsed.data);
      reject(
        new ConsoleApiError({
          code: 'bad_response',
          message: `The response to POST ${route.path} does not match the contract.`,
          status: xhr.status,
        }),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
