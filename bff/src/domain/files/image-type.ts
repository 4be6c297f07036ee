import type { PreviewImageType } from '@switchboard/shared';

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** AVIF: an ISO media file whose ftyp box names the avif (or avis) brand, major or compatible. */
function isAvif(bytes: Buffer): boolean {
  if (!ascii(bytes, 4, 'ftyp') || bytes.length < 16) return false;
  const end = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  for (let at = 8; at + 4 <= end; at += 4) {
    // Bytes 12-16 are the minor version, not a brand.
    if (at === 12) continue;
    if (ascii(bytes, at, 'avif') || ascii(bytes, at, 'avis')) return true;
  }
  return false;
}

/**
 * The image type of `bytes`, by their signature, when it is one a preview answers with; otherwise
 * undefined (an SVG, an HTML page, anything else). What the file's host says it is does not
 * count: a host may call anything an image.
 */
export function imageTypeOf(bytes: Buffer): PreviewImageType | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (isAvif(bytes)) return 'image/avif';
  return undefined;
}
