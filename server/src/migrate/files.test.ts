import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { importExport, ImportTarget, openExport } from '@switchboard/migrate';
import { runMigrateCli } from './run-cli';

let t: TestServer;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'lc-files-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const target = () =>
  new ImportTarget({ baseUrl: t.url, appId: TEST_KEYS.appId, masterKey: TEST_KEYS.masterKey });
const line = (o: unknown) => `${JSON.stringify(o)}\n`;

describe('export files', () => {
  it('reads a zip, and reports objects the server refuses with file, line and reason while the rest goes in', async () => {
    const zip = join(dir, 'export.zip');
    await writeFile(
      zip,
      zipSync({
        'export/Zipped.jsonl': strToU8(
          line({ objectId: 'z1', n: 1 }) + line({ objectId: 'z2', n: 'text' }) + line({ n: 3 }),
        ),
        'export/Listed.json': strToU8(
          JSON.stringify([{ objectId: 'l1', createdAt: '2020-01-01T00:00:00.000Z' }]),
        ),
        'export/notes.txt': strToU8('hello'),
      }),
    );
    const folder = await openExport(zip);
    const report = await importExport(target(), folder.files);
    await folder.cleanup();
    const zipped = report.classes.find((c) => c.name === 'Zipped');
    expect(zipped).toMatchObject({ read: 3, written: 1, failed: 2 });
    expect(zipped?.failures.map((f) => f.where)).toEqual(['Zipped.jsonl:2', 'Zipped.jsonl:3']);
    expect(zipped?.failures[0]?.message).toMatch(/type/i);
    expect(report.classes.find((c) => c.name === 'Listed')).toMatchObject({ read: 1, written: 1 });
    expect(report.ignoredFiles.map((f) => f.path)).toEqual([expect.stringMatching(/notes\.txt$/)]);
    const back = await t.request('GET', '/1.1/classes/Listed/l1', { auth: 'master' });
    expect(back.json.createdAt).toBe('2020-01-01T00:00:00.000Z');
  });

  it('refuses a path that is neither a folder nor a zip', async () => {
    await expect(openExport(join(dir, 'missing'))).rejects.toThrow(/does not exist/);
    await writeFile(join(dir, 'bad.zip'), 'not a zip');
    await expect(openExport(join(dir, 'bad.zip'))).rejects.toThrow(/not a readable zip/);
  });
});

describe('pnpm migrate', () => {
  const run = (args: string[]) => runMigrateCli(t.url, args);

  it('prints progress and the report, and exits non-zero when something failed', async () => {
    const folder = join(dir, 'cli');
    await rm(folder, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    await writeFile(
      join(folder, 'Cli.jsonl'),
      line({ objectId: 'c1', a: 1 }) + line({ objectId: 'c2', a: 2 }),
    );
    const ok = await run([folder]);
    expect(ok.out).toContain('Cli: 2 read, 2 written, 0 skipped, 0 failed');
    expect(ok.code).toBe(0);
    await writeFile(join(folder, 'Cli.jsonl'), line({ objectId: 'c3', a: 'not a number' }));
    const bad = await run([folder]);
    expect(bad.out).toMatch(/Cli\.jsonl:1: .*code 111/);
    expect(bad.code).toBe(1);
    const live = await run([
      '--source-url',
      'http://127.0.0.1:9',
      '--source-app-id',
      'a',
      '--source-master-key',
      'k',
      '--checkpoint',
      join(dir, 'cp.json'),
    ]);
    expect(live.out).toContain('Cannot reach http://127.0.0.1:9');
    expect(live.code).toBe(1);
    expect((await run(['--source-url', 'http://127.0.0.1:9'])).code).toBe(2);
  }, 60_000);
});
