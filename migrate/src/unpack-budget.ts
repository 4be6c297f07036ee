import { createInflateRaw } from 'node:zlib';
import type { InflateRaw } from 'node:zlib';
import { Unzip } from 'fflate';
import type { AsyncFlateStreamHandler, UnzipDecoder } from 'fflate';

/**
 * How far an export zip may unpack. A zip bomb (a few hundred KB of zeros that unpack to
 * gigabytes) would otherwise fill the disk of whoever unpacks it; real exports are JSON and CSV,
 * which pack ten to twenty times at most.
 */
export interface UnpackLimits {
  /** Entries in the archive. */
  maxEntries: number;
  /** Unpacked bytes, all entries together. */
  maxBytes: number;
  /** Unpacked bytes per packed byte read so far, once past `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

/** An archive over one of its UnpackLimits; the message names the limit. */
export class UnpackLimitError extends Error {
  override name = 'UnpackLimitError';
}

const size = (n: number) =>
  n >= 1024 ** 3
    ? `${Math.round(n / 1024 ** 3)} GB`
    : n >= 1024 ** 2
      ? `${Math.round(n / 1024 ** 2)} MB`
      : `${Math.ceil(n / 1024)} KB`;

/** Counts an archive as it is read and unpacked; throws UnpackLimitError at the first limit passed. */
export class UnpackBudget {
  private packed = 0;
  private unpacked = 0;
  private entries = 0;

  constructor(private readonly limits: UnpackLimits) {}

  addPacked(n: number): void {
    this.packed += n;
  }

  addEntry(): void {
    if (++this.entries > this.limits.maxEntries)
      throw new UnpackLimitError(
        `The export holds more than ${this.limits.maxEntries.toLocaleString('en')} files, the most the console unpacks.`,
      );
  }

  addUnpacked(n: number): void {
    this.unpacked += n;
    const { maxBytes, maxRatio, ratioFloorBytes } = this.limits;
    if (this.unpacked > maxBytes)
      throw new UnpackLimitError(
        `The export unpacks to more than ${size(maxBytes)}, the most the console unpacks; import it with pnpm migrate instead.`,
      );
    if (this.unpacked > ratioFloorBytes && this.unpacked > maxRatio * this.packed)
      throw new UnpackLimitError(
        `The export unpacks to more than ${maxRatio} times its size (over ${size(this.unpacked)} from ${size(this.packed)}), which no LeanCloud export does; the console unpacks at most ${maxRatio} times an export's size beyond the first ${size(ratioFloorBytes)}.`,
      );
  }
}

/**
 * fflate's deflate decoder replaced by Node's zlib: native speed, off the event loop, so
 * measuring a large upload neither blocks the console nor takes long. Every write is tracked,
 * so the meter can wait for the unpacking to keep up with the bytes arriving.
 */
function nativeInflate(meter: { track(p: Promise<unknown>): void; live: Set<InflateRaw> }) {
  return class NativeInflate implements UnzipDecoder {
    static compression = 8;
    ondata: AsyncFlateStreamHandler = () => undefined;
    private readonly z = createInflateRaw();
    /** A destroyed stream calls back no write: waiting on one ends when the stream closes. */
    private readonly closed = new Promise((resolve) => this.z.once('close', resolve));

    constructor() {
      meter.live.add(this.z);
      this.z.on('data', (d: Buffer<ArrayBuffer>) => this.ondata(null, d, false));
      this.z.on('end', () => this.ondata(null, new Uint8Array(0), true));
      this.z.on('error', (e) => this.ondata(Object.assign(e, { code: -1 }), new Uint8Array(0), true));
      this.z.on('close', () => meter.live.delete(this.z));
    }

    push(chunk: Uint8Array, final: boolean): void {
      if (this.z.destroyed) return;
      // fflate reuses its buffer after push returns; zlib reads it later.
      const copy = Buffer.from(chunk);
      meter.track(Promise.race([new Promise((resolve) => this.z.write(copy, resolve)), this.closed]));
      if (final) {
        this.z.end();
        meter.track(this.closed);
      }
    }

    terminate(): void {
      this.z.destroy();
    }
  };
}

/**
 * Measures a zip as its bytes go by (an upload on its way to disk), unpacking each entry only to
 * count it: nothing unpacked is kept, so a bomb is refused without being written anywhere.
 */
export class ZipMeter {
  private readonly budget: UnpackBudget;
  private readonly unzip: Unzip;
  private failure: Error | undefined;
  private pending: Promise<unknown>[] = [];
  /** Decoders still unpacking, stopped at the first failure. */
  readonly live = new Set<InflateRaw>();

  constructor(limits: UnpackLimits) {
    this.budget = new UnpackBudget(limits);
    this.unzip = new Unzip((entry) => {
      if (this.failure) return;
      try {
        this.budget.addEntry();
      } catch (e) {
        this.fail(e);
        return;
      }
      entry.ondata = (err, data) => {
        if (this.failure) return;
        try {
          if (err) throw err;
          this.budget.addUnpacked(data.length);
        } catch (e) {
          this.fail(e);
        }
      };
      entry.start();
    });
    this.unzip.register(nativeInflate(this));
  }

  track(p: Promise<unknown>): void {
    this.pending.push(p);
  }

  private fail(e: unknown): void {
    this.failure ??= e as Error;
    for (const z of this.live) z.destroy();
  }

  private async settle(): Promise<void> {
    while (this.pending.length > 0 && !this.failure) await Promise.all(this.pending.splice(0));
    if (this.failure) throw this.failure;
  }

  /** Takes the next bytes of the archive; rejects once it is over a limit or cannot be read. */
  async push(chunk: Uint8Array): Promise<void> {
    if (!this.failure)
      try {
        this.budget.addPacked(chunk.length);
        this.unzip.push(chunk);
      } catch (e) {
        this.fail(e);
      }
    await this.settle();
  }

  /** The archive ended: waits for every entry to be counted to its end. */
  async end(): Promise<void> {
    if (!this.failure)
      try {
        this.unzip.push(new Uint8Array(0), true);
      } catch (e) {
        this.fail(e);
      }
    await this.settle();
    // An entry cut short by the end of the archive has nothing more to count.
    for (const z of this.live) z.destroy();
  }
}
