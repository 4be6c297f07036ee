import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleErrorSchema, consoleRoutes, CSRF_HEADER, REQUEST_ID_HEADER } from '@switchboard/shared';
import type { Migration } from '@switchboard/shared';
import { buildUrl, codeForStatus, ConsoleApiError } from '../../../lib/api';
import { migrationKeys } from './keys';
import { routePath } from './route-path';

const route = consoleRoutes.uploadMigration;

export interface UploadInput {
  file: File;
  downloadFiles: boolean;
}

/** The answer of an XMLHttpRequest as one ConsoleApiError, as the api client words fetch failures. */
function uploadError(xhr: XMLHttpRequest): ConsoleApiError {
  const requestId = xhr.getResponseHeader(REQUEST_ID_HEADER) ?? undefined;
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = undefined;
  }
  const parsed = consoleErrorSchema.safeParse(body);
  if (parsed.success) return new ConsoleApiError({ ...parsed.data, status: xhr.status });
  return new ConsoleApiError({
    code: codeForStatus(xhr.status),
    message: `HTTP ${xhr.status}${xhr.statusText ? ` ${xhr.statusText}` : ''}`,
    requestId,
    status: xhr.status,
  });
}

/**
 * Sends the export as the raw request body. XMLHttpRequest rather than fetch: only it reports how
 * much of a request body has gone, and an export may be hundreds of megabytes.
 */
export function uploadMigration(
  app: string,
  { file, downloadFiles }: UploadInput,
  onProgress: (sent: number, total: number) => void,
): Promise<Migration> {
  const url = buildUrl(routePath(route.path, { app }), {
    name: file.name,
    downloadFiles: downloadFiles ? '1' : '0',
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
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
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(uploadError(xhr));
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      const parsed = route.response.safeParse(body);
      if (parsed.success) return resolve(parsed.data.migration);
      reject(
        new ConsoleApiError({
          code: 'bad_response',
          message: `The response to POST ${route.path} does not match the contract.`,
          status: xhr.status,
        }),
      );
    };
    xhr.send(file);
  });
}

export function useUploadMigration(app: string, onProgress: (sent: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadMigration(app, input, onProgress),
    onSuccess: async (migration) => {
      queryClient.setQueryData(migrationKeys.detail(app, migration.id), migration);
      await queryClient.invalidateQueries({ queryKey: migrationKeys.list(app) });
    },
  });
}
