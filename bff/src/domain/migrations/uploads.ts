import { mkdir, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/**
 * Uploaded exports are kept under BFF_DATA_DIR/migrations/<run id>/ (or a temporary folder when
 * the console keeps no data dir) until their run succeeds, so an interrupted run can be resumed
 * from the same file, by any bff process sharing that folder.
 */
export const uploadsRoot = (dataDir: string | undefined) =>
  dataDir ? join(dataDir, 'migrations') : join(tmpdir(), 'switchboard-console-migrations');

/** The file name as stored: its base name with anything unusual replaced (it names the class). */
export const safeName = (name: string) => basename(name).replace(/[^A-Za-z0-9_.:-]/g, '_');

export const uploadDir = (root: string, id: string) => join(root, id);

export async function uploadExists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

export async function removeUpload(root: string, id: string): Promise<void> {
  await rm(uploadDir(root, id), { recursive: true, force: true });
}

export async function makeUploadDir(root: string, id: string): Promise<string> {
  const dir = uploadDir(root, id);
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Why the stored file cannot be an export, judged by its first bytes; undefined when it may be
 * one. Catches the usual mistakes (an empty file, a zip renamed .json, a web page) before a run
 * starts, rather than as a failed run.
 */
export async function notAnExport(path: string, name: string): Promise<string | undefined> {
  const fh = await open(path, 'r');
  const head = Buffer.alloc(512);
  const { bytesRead } = await fh.read(head, 0, head.length, 0).finally(() => fh.close());
  if (bytesRead === 0) return 'The uploaded file is empty.';
  const bytes = head.subarray(0, bytesRead);
  const lower = name.toLowerCase();
  if (lower.endsWith('.zip')) {
    const magic = bytesRead >= 4 ? bytes.readUInt32LE(0) : 0;
    return magic === 0x04034b50 || magic === 0x06054b50
      ? undefined
      : `${name} is not a zip archive: upload the .zip of a LeanCloud export as it was downloaded.`;
  }
  if (bytes.includes(0)) return `${name} is not a text file: a JSON or CSV export is text.`;
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if ((lower.endsWith('.json') || lower.endsWith('.jsonl')) && text !== '' && !/^[[{]/.test(text))
    return `${name} does not hold JSON: a LeanCloud export holds one JSON object per line, or {"results": [...]}.`;
  return undefined;
}
