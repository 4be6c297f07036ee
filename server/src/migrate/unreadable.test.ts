import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportParseError, importExport, ImportTarget } from '@switchboard/migrate';
import type { ExportParseError as ParseError } from '@switchboard/migrate';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { runMigrateCli } from './run-cli';

/*
 * An export with a file that is not what its name says used to create an empty class for it,
 * report "one object not moved" and count as done. Every file is now read before anything is
 * written: such an export writes nothing, not even the classes of its good files, and fails
 * naming the file, the line and the column.
 */

let t: TestServer;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'lc-unreadable-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const target = () =>
  new ImportTarget({ baseUrl: t.url, appId: TEST_KEYS.appId, masterKey: TEST_KEYS.masterKey });

const classExists = async (className: string) =>
  (await t.request('GET', `/1.1/schemas/${className}`, { auth: 'master' })).status === 200;

/** A folder with a good class file beside the broken one. */
async function exportWith(name: string, file: string, text: string): Promise<string> {
  const folder = join(dir, name);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `Good${name}.jsonl`), `${JSON.stringify({ objectId: 'g1', n: 1 })}\n`);
  await writeFile(join(folder, file), text);
  return folder;
}

async function refusal(p: Promise<unknown>): Promise<ParseError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ExportParseError);
  return e as ParseError;
}

describe('an export with a file that cannot be read', () => {
  it('writes nothing, and names the file, line and column', async () => {
    const cases: [string, string, string, RegExp][] = [
      [
        'Doc',
        'Broken.json',
        '{"results": [\n  {"objectId": "b1"},\n  {"objectId": "b2"\n',
        /^Broken\.json, line 4, column 1: not JSON \(Expected ',' or '}' after property value\)/,
      ],
      [
        'Lines',
        'Post.jsonl',
        '{"objectId": "p1"}\n{"objectId": p2}\n',
        /^Post\.jsonl, line 2, column 14: not JSON \(Unexpected token 'p'/,
      ],
      [
        'Shape',
        'Thing.json',
        '{\n  "rows": [{"objectId": "t1"}]\n}\n',
        /^Thing\.json: not an export: it should hold an array of objects, or \{"results": \[\.\.\.\]\}/,
      ],
      [
        'Schema',
        '_Schema.json',
        '{"Item": {"name": {"type": "String"}},}',
        /^_Schema\.json, line 1, column 39: not JSON/,
      ],
    ];
    for (const [name, file, text, message] of cases) {
      const folder = await exportWith(name, file, text);
      let totals = false;
      const e = await refusal(
        importExport(target(), [join(folder, `Good${name}.jsonl`), join(folder, file)], {
          onTotals: () => (totals = true),
        }),
      );
      expect(e.message, file).toMatch(message);
      expect(e.message, file).toMatch(/Nothing was imported; correct the file and start again\.$/);
      expect(totals, file).toBe(false);
      const className = file.replace(/\..*$/, '');
      expect(await classExists(`Good${name}`), file).toBe(false);
      if (!className.startsWith('_')) expect(await classExists(className), file).toBe(false);
    }
  });

  it('fails pnpm migrate the same way, exit code 1', async () => {
    const folder = await exportWith('Cli', 'Broken.json', '[{"objectId": "c1"},');
    const run = await runMigrateCli(t.url, [folder]);
    expect(run.out).toMatch(/Broken\.json, line 1, column 21: not JSON \(Unexpected end of JSON input\)/);
    expect(run.code).toBe(1);
    expect(await classExists('Broken')).toBe(false);
    expect(await classExists('GoodCli')).toBe(false);
  }, 60_000);
});
