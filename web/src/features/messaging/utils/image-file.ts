import { MAX_FILE_UPLOAD_BYTES } from '@switchboard/shared';

/** What stops a picked file from being sent as a message image (messaging.send.imageProblems). */
export type ImageFileProblem = 'notImage' | 'tooBig' | 'unreadable';

/** The image types the server stores for a message (the bff judges the bytes again). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');
export const MAX_IMAGE_MB = MAX_FILE_UPLOAD_BYTES / 2 ** 20;

export function imageFileProblem(file: { type: string; size: number }): ImageFileProblem | undefined {
  if (!IMAGE_TYPES.includes(file.type.toLowerCase())) return 'notImage';
  if (file.size > MAX_FILE_UPLOAD_BYTES) return 'tooBig';
  return undefined;
}

/** "png" of image/png: the format the SDKs put in an image's metaData. */
export const imageFormat = (type: string): string => type.toLowerCase().replace(/^image\//, '');

/**
 * The pixel size of an image, decoded in the browser before upload (without an <img>, which the
 * page's image policy would refuse for a blob URL); undefined when it does not decode.
 */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}
