import { constants, crc32, deflateRawSync } from 'node:zlib';

const MB = 1024 * 1024;

/**
 * A zip of one entry that unpacks to `megabytes` MB of zeros from a few hundred KB: one MB of
 * zeros deflated once, its byte-aligned blocks repeated, as a zip bomb is made. Built in
 * milliseconds where compressing the zeros would take seconds.
 */
export function zipBomb(megabytes: number, opts: { name?: string; declaredBytes?: number } = {}): Buffer {
  const zeros = Buffer.alloc(MB);
  const block = deflateRawSync(zeros, { finishFlush: constants.Z_FULL_FLUSH });
  const data = Buffer.concat([...Array<Buffer>(megabytes).fill(block), deflateRawSync(Buffer.alloc(0))]);
  let crc = 0;
  for (let i = 0; i < megabytes; i++) crc = crc32(zeros, crc);
  // A bomb may also lie about its size in its headers.
  const size = opts.declaredBytes ?? megabytes * MB;
  const file = Buffer.from(opts.name ?? 'Post.jsonl');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(file.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + file.length, 12);
  end.writeUInt32LE(local.length + file.length + data.length, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}
