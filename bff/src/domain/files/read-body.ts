import type { Readable } from 'node:stream';
import { ConsoleError } from '../errors';

/**
 * The whole request body, refused with 413 as soon as it passes `max` bytes (before it is all
 * read: a declared Content-Length over the limit is refused without reading anything).
 */
export async function readBody(
  body: Readable,
  declared: number | undefined,
  max: number,
  tooBig: string,
): Promise<Buffer> {
  if (declared !== undefined && declared > max) throw new ConsoleError(413, 'bad_request', tooBig);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buf.length;
      if (size > max) throw new ConsoleError(413, 'bad_request', tooBig);
      chunks.push(buf);
    }
  } catch (e) {
    if (e instanceof ConsoleError) throw e;
    throw new ConsoleError(400, 'bad_request', 'The upload was interrupted before the whole file arrived.');
  }
  return Buffer.concat(chunks, size);
}
