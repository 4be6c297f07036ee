import { z } from 'zod';

/**
 * GET /api/apps/<app>/files/<id>/preview: the content of the app's _File record `id` as an image,
 * for a thumbnail. The bff looks the record up and fetches its url itself (through its guarded
 * client, wherever the file lives), so the console's pages keep `img-src 'self'` and the route
 * fetches only what a file record of the app names. Only raster images are answered (an SVG can
 * carry script), at most MAX_FILE_PREVIEW_BYTES.
 */
export const MAX_FILE_PREVIEW_BYTES = 10 * 1024 * 1024;

/** The image types a preview answers with, decided from the bytes, never from the file's host. */
export const PREVIEW_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
] as const;
export type PreviewImageType = (typeof PREVIEW_IMAGE_TYPES)[number];

export const filePreviewParamsSchema = z.object({
  // An objectId: it becomes a path segment of the upstream request.
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'a file is named by its objectId (letters, digits, _ and -)'),
});
export type FilePreviewParams = z.infer<typeof filePreviewParamsSchema>;
