import { Transform } from 'node:stream';
import { UnpackLimitError, ZipMeter } from '@switchboard/migrate';
import type { UnpackLimits } from '@switchboard/migrate';
import { ConsoleError } from '../errors';

/**
 * How far an uploaded export may unpack: every LeanCloud export fits (a class or relation a
 * file, JSON that packs ten to twenty times), a zip bomb does not.
 */
export const EXPORT_UNPACK_LIMITS: UnpackLimits = {
  maxEntries: 10_000,
  maxBytes: 16 * 1024 ** 3,
  maxRatio: 100,
  ratioFloorBytes: 64 * 1024 ** 2,
};

function refusal(e: unknown, name: string): ConsoleError {
  if (e instanceof UnpackLimitError) return new ConsoleError(413, 'bad_request', e.message);
  return new ConsoleError(400, 'bad_request', `${name} is not a readable zip file: ${(e as Error).message}`);
}

/**
 * Passes an uploaded zip through unchanged while measuring what it unpacks to, so one over the
 * limits is refused (413, naming the limit) as it arrives; nothing unpacked is written.
 */
export function guardZip(name: string): Transform {
  const meter = new ZipMeter(EXPORT_UNPACK_LIMITS);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      meter.push(chunk).then(
        () => done(null, chunk),
        (e: unknown) => done(refusal(e, name)),
      );
    },
    flush(done) {
      meter.end().then(
        () => done(),
        (e: unknown) => done(refusal(e, name)),
      );
    },
  });
}
