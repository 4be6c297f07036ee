import type { MessageImageQuery, UploadedFile } from '@switchboard/shared';
import { ConsoleError } from '../errors';
import type { ProxyContext } from '../proxy/context';
import { imageTypeOf } from './image-type';
import { uploadFile } from './upload-file';

export const NOT_AN_IMAGE =
  'Only a PNG, JPEG, GIF, WebP or AVIF image can be sent as a message image; this file is none of them.';

/**
 * An image for a message, stored as any console upload. The roles that send messages need not
 * hold files.write, so this path takes images alone, judged by their bytes (not by what the
 * browser calls them), and stores them with the type the bytes show.
 */
export async function uploadMessageImage(
  ctx: ProxyContext,
  query: MessageImageQuery,
  bytes: Buffer,
): Promise<UploadedFile> {
  const type = imageTypeOf(bytes);
  if (!type) throw new ConsoleError(415, 'bad_request', NOT_AN_IMAGE);
  const { conversation, ...file } = query;
  return uploadFile(ctx, file, bytes, type, conversation ? { conversation } : {});
}
