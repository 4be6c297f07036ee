import { consoleRoutes } from '@switchboard/shared';

/**
 * Where a thumbnail of the app's _File `id` is shown from: the console's own origin, which
 * fetches the file wherever it lives. The page's image policy allows no other host.
 */
export const filePreviewUrl = (app: string, id: string): string =>
  consoleRoutes.filePreview.path
    .replace(':app', encodeURIComponent(app))
    .replace(':id', encodeURIComponent(id));
