import { closeSync, createReadStream, mkdirSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import { UnpackBudget, UnpackLimitError } from './unpack-budget';
import type { UnpackLimits } from './unpack-budget';

/** A folder of export files, and how to let go of it (a zip is unpacked into a temporary one). */
export interface ExportFolder {
  dir: string;
  files: string[];
  cleanup(): Promise<void>;
}

/**
 * Unpacks a zip with fflate's streaming reader (already the server's zip library for exports),
 * one entry at a time, so the archive is never held in memory. Entries keep only their base
 * name: folders inside the zip, and any "../" in a name, cannot place a file elsewhere.
 */
async function unzipTo(zipPath: string, dir: string, limits: UnpackLimits | undefined): Promise<void> {
  // The streaming reader skips bytes that are not a zip entry, so a non-zip would read as empty.
  const fh = await open(zipPath, 'r');
  const magic = Buffer.alloc(4);
  await fh.read(magic, 0, 4, 0).finally(() => fh.close());
  if (magic.readUInt32LE(0) !== 0x04034b50 && magic.readUInt32LE(0) !== 0x06054b50)
    throw new Error('it does not start like a zip archive');
  let failure: Error | undefined;
  const budget = limits && new UnpackBudget(limits);
  const writing = new Set<number>();
  const close = (fd: number) => {
    if (writing.delete(fd)) closeSync(fd);
  };
  const unzip = new Unzip((entry) => {
    if (failure) return;
    try {
      budget?.addEntry();
    } catch (e) {
      failure = e as Error;
      return;
    }
    const name = basename(entry.name);
    if (entry.name.endsWith('/') || name === '' || name.startsWith('.') || entry.name.includes('__MACOSX'))
      return;
    const fd = openSync(join(dir, name), 'w');
    writing.add(fd);
    entry.ondata = (err, data, final) => {
      if (failure || !writing.has(fd)) return;
      try {
        if (err) throw err;
        // Counted before it is written: past a limit, nothing more reaches the disk.
        budget?.addUnpacked(data.length);
        writeSync(fd, data);
      } catch (e) {
        failure = e as Error;
      }
      if (final) close(fd);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of createReadStream(zipPath, { highWaterMark: 16 * 1024 })) {
      budget?.addPacked((chunk as Uint8Array).length);
      unzip.push(chunk as Uint8Array);
      if (failure) throw failure;
    }
    unzip.push(new Uint8Array(0), true);
    if (failure) throw failure;
  } finally {
    for (const fd of writing) close(fd);
  }
}

async function listFiles(dir: string, depth = 0): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory() && depth < 2) out.push(...(await listFiles(p, depth + 1)));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

/**
 * Opens what `pnpm migrate <path>` was given: a folder of export files or a .zip of them. With
 * `limits`, a zip that unpacks past them fails with an UnpackLimitError, and what it had
 * unpacked is removed.
 */
export async function openExport(path: string, limits?: UnpackLimits): Promise<ExportFolder> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new Error(`${path} does not exist.`);
  if (info.isDirectory())
    return { dir: path, files: await listFiles(path), cleanup: () => Promise.resolve() };
  if (!path.toLowerCase().endsWith('.zip'))
    throw new Error(`${path} is neither a folder nor a .zip file of a LeanCloud export.`);
  const dir = await mkdtemp(join(tmpdir(), 'sb-migrate-'));
  mkdirSync(dir, { recursive: true });
  try {
    await unzipTo(path, dir, limits);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    if (e instanceof UnpackLimitError) throw e;
    throw new Error(`${path} is not a readable zip file: ${(e as Error).message}`);
  }
  return {
    dir,
    files: await listFiles(dir),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
