import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openExport, UnpackLimitError } from '@switchboard/migrate';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExportZip } from '../../http/routes/migrations-fixtures';
import { zipBomb } from '../../test/zip-bomb';
import { ConsoleError } from '../errors';
import { EXPORT_UNPACK_LIMITS, guardZip } from './zip-guard';

/** Sends `bytes` through the guard in upload-sized chunks; what passes is counted, not kept. */
async function guard(bytes: Uint8Array): Promise<number> {
  let passed = 0;
  const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
    bytes.subarray(i * 65536, (i + 1) * 65536),
  );
  await pipeline(
    Readable.from(chunks),
    guardZip('export.zip'),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        passed += chunk.length;
        done();
      },
    }),
  );
  return passed;
}

async function refused(bytes: Uint8Array): Promise<ConsoleError> {
  const e = await guard(bytes).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ConsoleError);
  return e as ConsoleError;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zip-guard-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('an uploaded zip, measured as it arrives', () => {
  it('passes an export through unchanged', async () => {
    const exp = buildExportZip(50).zip;
    expect(await guard(exp)).toBe(exp.length);
  });

  it('refuses a bomb by what it unpacks to, whatever its headers claim', async () => {
    for (const bomb of [zipBomb(100), zipBomb(100, { declaredBytes: 1000 })]) {
      const e = await refused(bomb);
      expect(e.status).toBe(413);
      expect(e.message).toMatch(/unpacks to more than 100 times its size \(over 64 MB from \d+ KB\)/);
    }
  });

  it('refuses more entries than an export has', async () => {
    const entries = Object.fromEntries(
      Array.from({ length: EXPORT_UNPACK_LIMITS.maxEntries + 1 }, (_, n) => [`C${n}.jsonl`, strToU8('{}\n')]),
    );
    const e = await refused(zipSync(entries, { level: 0 }));
    expect(e).toMatchObject({ status: 413, message: expect.stringMatching(/more than 10,000 files/) });
  });

  it('refuses a zip whose content cannot be unpacked (400)', async () => {
    const broken = Buffer.from(zipSync({ 'Post.jsonl': strToU8('{"a":1}\n'.repeat(1000)) }));
    broken.fill(0xff, 40, 80);
    expect(await refused(broken)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/not a readable zip/),
    });
  });
});

describe('an upload kept from before the check, when its run unpacks it', () => {
  it('stops at the limit and leaves nothing unpacked behind', async () => {
    const path = join(dir, 'kept.zip');
    await writeFile(path, zipBomb(100, { declaredBytes: 1000 }));
    const before = (await readdir(tmpdir())).filter((n) => n.startsWith('sb-migrate-'));
    const e = await openExport(path, EXPORT_UNPACK_LIMITS).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(UnpackLimitError);
    expect((e as Error).message).toMatch(/unpacks to more than 100 times its size/);
    expect((await readdir(tmpdir())).filter((n) => n.startsWith('sb-migrate-'))).toEqual(before);
  });
});
