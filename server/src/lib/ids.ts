import { randomBytes } from 'node:crypto';

const processRandom = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/**
 * 24 hexadecimal characters laid out like LeanCloud's (MongoDB) object ids: seconds since the
 * epoch, a per-process random part and a counter. Ids of one process sort by creation, and
 * imported LeanCloud ids fit the same column and order.
 */
export function newObjectId(now: Date = new Date()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${processRandom}${counter.toString(16).padStart(6, '0')}`;
}
