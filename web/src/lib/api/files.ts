import { consoleRoutes } from '@switchboard/shared';
import type { UploadedFile } from '@switchboard/shared';
import { apiRequest, buildUrl } from './client';
import { uploadBody } from './upload';

type Progress = (sent: number, total: number) => void;

/** The console's one upload: a file's content into the app, through the bff, as a File value. */
function upload(
  path: string,
  query: Record<string, string>,
  file: File,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return uploadBody({
    url: buildUrl(path, query),
    body: file,
    // The bff stores the content with this type; JSON would be parsed rather than stored.
    contentType: file.type && !/json/i.test(file.type) ? file.type : 'application/octet-stream',
    schema: consoleRoutes.uploadFile.response,
    onProgress,
    signal,
  });
}

const appPath = (path: string, app: string) => path.replace(':app', encodeURIComponent(app));

/** Uploads a file's content into the app and resolves with its File value; the signal aborts it. */
export const uploadFile = (app: string, file: File, onProgress: Progress, signal?: AbortSignal) =>
  upload(appPath(consoleRoutes.uploadFile.path, app), { name: file.name }, file, onProgress, signal);

/**
 * Uploads an image for a message to `conversation`, by the permission that sends there: a
 * service conversation's (im.broadcast) or any other's (im.moderate).
 */
export function uploadMessageImage(
  app: string,
  target: { service: boolean; conversation: string },
  file: File,
  onProgress: Progress,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  const route = target.service ? consoleRoutes.uploadServiceMessageImage : consoleRoutes.uploadMessageImage;
  const query = { name: file.name, conversation: target.conversation };
  return upload(appPath(route.path, app), query, file, onProgress, signal);
}

/**
 * Deletes an image uploaded for a message that was not sent (replaced, or the form left); the bff
 * lets only its uploader do so, within a day.
 */
export function withdrawMessageImage(
  app: string,
  target: { service: boolean },
  id: string,
): Promise<unknown> {
  const route = target.service
    ? consoleRoutes.withdrawServiceMessageImage
    : consoleRoutes.withdrawMessageImage;
  return apiRequest(appPath(route.path, app).replace(':id', encodeURIComponent(id)), {
    method: 'DELETE',
    schema: route.response,
  });
}

/**
 * Where a thumbnail of the app's _File `id` is shown from: the console's own origin, which
 * fetches the file wherever it lives. The page's image policy allows no other host.
 */
export const filePreviewUrl = (app: string, id: string): string =>
  appPath(consoleRoutes.filePreview.path, app).replace(':id', encodeURIComponent(id));
