import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * The data folder of a new, empty PGlite database, as a tarball PGlite can start from. Creating a
 * database runs initdb, several seconds of CPU, where loading this copy takes a fraction of that;
 * in-memory databases (tests, demos, `DATA_DIR=memory`) are created again at every start. The copy
 * is made once per PGlite build and kept in the temp folder, written under a temporary name and
 * renamed, so a process starting beside the one writing it never reads half of it. Undefined when
 * the temp folder cannot be used: the caller then creates the database as usual.
 */
export async function emptyDataDir(): Promise<Blob | undefined> {
  try {
    const file = await keptFile();
    const kept = await readFile(file).catch(() => undefined);
    if (kept) return new Blob([kept]);
    const db = await PGlite.create({});
    const dump = await db.dumpDataDir('none');
    await db.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } catch {
    return undefined;
  }
}

/** Removes the kept copy (one that failed to load), so the next start makes it again. */
export async function discardEmptyDataDir(): Promise<void> {
  await rm(await keptFile(), { force: true }).catch(() => undefined);
}

/** Where the copy for the installed PGlite build is kept. */
async function keptFile(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const { size, mtimeMs } = await stat(entry);
  const build = createHash('sha256').update(`${entry}:${size}:${mtimeMs}`).digest('hex').slice(0, 16);
  return join(tmpdir(), `switchboard-pglite-${build}.tar`);
}
