import { createHash, randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';

/**
 * LeanCloud's password hash as its exports carry it in `_User.password`: SHA-512 of the salt then
 * the password, rehashed 512 times, in base64 (its dashboard guide, 导出用户数据的加密算法). The
 * server has its own copy; e2e talks to the server only over HTTP, so this one is written again.
 */
export function leancloudHash(salt: string, password: string): string {
  let hv = createHash('sha512').update(salt, 'utf8').update(password, 'utf8').digest();
  for (let i = 0; i < 512; i++) hv = createHash('sha512').update(hv).digest();
  return hv.toString('base64');
}

/** A 24-hex objectId as LeanCloud makes them, unique to the run. */
export const objectId = () => randomBytes(12).toString('hex');

const jsonl = (list: unknown[]) => `${list.map((o) => JSON.stringify(o)).join('\n')}\n`;

/** A LeanCloud export as a .zip: one JSON-lines file per class, a JSON `{results}` file, a readme. */
export function exportZip(files: {
  jsonl?: Record<string, unknown[]>;
  json?: Record<string, unknown[]>;
}): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const [className, objects] of Object.entries(files.jsonl ?? {}))
    entries[`${className}.jsonl`] = strToU8(jsonl(objects));
  for (const [className, objects] of Object.entries(files.json ?? {}))
    entries[`${className}.json`] = strToU8(JSON.stringify({ results: objects }));
  return Buffer.from(zipSync(entries));
}
