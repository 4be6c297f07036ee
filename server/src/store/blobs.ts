import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Most file systems allow 255 bytes per name; keys stay below with room to spare. */
const MAX_SEGMENT_BYTES = 200;
const MAX_KEY_LENGTH = 1024;
/** Uploads are written here first and renamed into place, so readers never see half a file. */
const STAGING = '.staging';

/**
 * Whether a file key can name content on disk: "/"-separated segments, none empty, none starting
 * with "." (no "..", no hidden names, and the staging folder cannot be addressed), no backslash,
 * colon or control character (Windows separators and drive letters, terminal escapes).
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every(
    (seg) =>
      seg.length > 0 &&
      !seg.startsWith('.') &&
      Buffer.byteLength(seg) <= MAX_SEGMENT_BYTES &&
      // eslint-disable-next-line no-control-regex
      !/[\\:\u0000-\u001f\u007f]/.test(seg),
  );
}

/** Bytes written to the staging folder, not yet visible under a key. */
export interface Staged {
  path: string;
}

/**
 * Uploaded file content on the local disk, one file per key (the layout mirrors the keys, so the
 * folder can be inspected or copied to object storage as it is).
 */
export class BlobStore {
  private constructor(
    readonly root: string,
    /** A folder of our own in the system's temporary folder, removed on close. */
    private readonly temporary: boolean,
  ) {}

  /** Uses `dir` (created when missing), or a fresh temporary folder when none is configured. */
  static async open(dir: string | undefined): Promise<BlobStore> {
    if (dir) {
      await mkdir(dir, { recursive: true });
      return new BlobStore(resolve(dir), false);
    }
    return new BlobStore(await mkdtemp(join(tmpdir(), 'switchboard-files-')), true);
  }

  /**
   * The disk path of a key, or undefined for a key that is not safe. The resolved path is checked
   * to stay inside the root as well, so no key can reach another file whatever isSafeKey misses.
   */
  pathOf(key: string): string | undefined {
    if (!isSafeKey(key)) return undefined;
    const path = resolve(this.root, ...key.split('/'));
    const rel = relative(this.root, path);
    if (rel === '' || rel.startsWith('..') || rel.split(sep).includes('..')) return undefined;
    return path;
  }

  async stage(bytes: Buffer): Promise<Staged> {
    const path = await this.stagingPath();
    await writeFile(path, bytes);
    return { path };
  }

  /**
   * Writes a stream to the staging folder as it arrives, never holding it in memory; the caller
   * bounds its length. A stream that fails leaves nothing behind.
   */
  async stageStream(source: Readable): Promise<Staged & { size: number }> {
    const path = await this.stagingPath();
    try {
      await pipeline(source, createWriteStream(path));
      return { path, size: (await stat(path)).size };
    } catch (e) {
      await rm(path, { force: true });
      throw e;
    }
  }

  private async stagingPath(): Promise<string> {
    const dir = join(this.root, STAGING);
    await mkdir(dir, { recursive: true });
    return join(dir, randomBytes(12).toString('hex'));
  }

  /** Moves staged bytes under `key`, replacing what was there. */
  async commit(staged: Staged, key: string): Promise<void> {
    const path = this.mustPath(key);
    await mkdir(dirname(path), { recursive: true });
    await rename(staged.path, path);
  }

  /** Drops staged bytes (nothing happens when they were committed). */
  async discard(staged: Staged): Promise<void> {
    await rm(staged.path, { force: true });
  }

  /** Size of the content under `key`, or undefined when there is none. */
  async size(key: string): Promise<number | undefined> {
    const path = this.pathOf(key);
    if (!path) return undefined;
    try {
      const s = await stat(path);
      return s.isFile() ? s.size : undefined;
    } catch (e) {
      if (isNotFound(e)) return undefined;
      throw e;
    }
  }

  read(key: string): ReadStream {
    return createReadStream(this.mustPath(key));
  }

  /** Deletes the content of `key` and the folders it leaves empty; a missing file is fine. */
  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (!path) return;
    await rm(path, { force: true });
    for (let dir = dirname(path); dir !== this.root && dir.startsWith(this.root + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        return; // not empty (or already gone): the folders above are needed too
      }
    }
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }

  private mustPath(key: string): string {
    const path = this.pathOf(key);
    if (!path) throw new Error(`unsafe file key ${JSON.stringify(key)}`);
    return path;
  }
}

const isNotFound = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
