import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const box = (brands: string) => {
  const body = bytes('ftyp', brands);
  return bytes([0, 0, 0, body.length + 4], body, [0, 0, 0, 0]);
};

describe('imageTypeOf', () => {
  it('knows the raster images a preview shows by their first bytes', () => {
    expect(imageTypeOf(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe('image/png');
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(imageTypeOf(bytes('GIF87a', [1, 0]))).toBe('image/gif');
    expect(imageTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(box('avif\0\0\0\0mif1miaf'))).toBe('image/avif');
    expect(imageTypeOf(box('mif1\0\0\0\0avifmiaf'))).toBe('image/avif');
  });

  it('knows nothing else, whatever it is called', () => {
    for (const other of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('<?xml version="1.0"?><svg/>'),
      bytes('<!doctype html><img src=x onerror=alert(1)>'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '),
      box('mp42\0\0\0\0isomavc1'),
      // "avif" as the minor version is not a brand.
      box('heicavifmif1'),
      bytes([0x89], 'PN'),
      Buffer.alloc(0),
    ])
      expect(imageTypeOf(other), other.toString('latin1')).toBeUndefined();
  });
});
