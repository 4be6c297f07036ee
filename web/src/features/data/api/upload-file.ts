import { consoleRoutes } from '@switchboard/shared';
import type { UploadedFile } from '@switchboard/shared';
import { buildUrl, uploadBody } from '../../../lib/api';

const route = consoleRoutes.uploadFile;

/** Uploads a file's content into the app and resolves with its File value; the signal aborts it. */
export function uploadFile(
  app: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return uploadBody({
    url: buildUrl(route.path.replace(':app', encodeURIComponent(app)), { name: file.name }),
    body: file,
    // The bff stores the content with this type; JSON would be parsed rather than stored.
    contentType: file.type && !/json/i.test(file.type) ? file.type : 'application/octet-stream',
    schema: route.response,
    onProgress,
    signal,
  });
}
