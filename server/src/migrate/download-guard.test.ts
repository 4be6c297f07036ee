import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFiles, ImportTarget, LiveClient } from '@switchboard/migrate';
import { startRecordingServer } from '@switchboard/outbound/testing';
import type { RecordingServer } from '@switchboard/outbound/testing';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { runMigrateCli } from './run-cli';

/*
 * Anyone with the app key can create a _File record with any url. `pnpm migrate --download-files`
 * fetches every such url from the operator's machine and stores the answer as the file's content,
 * readable by the app afterwards: a planted url must not make it fetch what only that machine can
 * reach. A local server stands for the internal service; it records whatever reaches it.
 */

let t: TestServer;
let internal: RecordingServer;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  internal = await startRecordingServer((_req, res) => res.end('internal secret'));
  dir = await mkdtemp(join(tmpdir(), 'lc-guard-'));
});
afterAll(async () => {
  await t.close();
  await internal.close();
  await rm(dir, { recursive: true, force: true });
});

const keys = () => ({ baseUrl: t.url, appId: TEST_KEYS.appId, masterKey: TEST_KEYS.masterKey });

/** An export whose one _File record points at the internal service. */
async function plantedExport(name: string, objectId: string): Promise<string> {
  const folder = join(dir, name);
  await mkdir(folder, { recursive: true });
  const record = {
    objectId,
    name: 'avatar.png',
    url: `${internal.url}/latest/meta-data/iam/security-credentials`,
    mime_type: 'image/png',
    createdAt: '2021-01-01T00:00:00.000Z',
    updatedAt: '2021-01-01T00:00:00.000Z',
  };
  await writeFile(join(folder, '_File.jsonl'), `${JSON.stringify(record)}\n`);
  return folder;
}

const storedUrl = async (objectId: string) =>
  String((await t.request('GET', `/1.1/classes/_File/${objectId}`, { auth: 'master' })).json.url);

describe('pnpm migrate --download-files', () => {
  it('refuses a planted internal url, and fetches it only when the operator allows private sources', async () => {
    const folder = await plantedExport('cli', 'f0000000000000000000cli1');
    const refused = await runMigrateCli(t.url, [folder, '--download-files']);
    expect(refused.out).toMatch(
      /_File f0000000000000000000cli1 .*127\.0\.0\.1 is a loopback address, which pnpm migrate does not connect to \(--allow-private-sources/,
    );
    expect(refused.code).toBe(1);
    expect(internal.requests).toHaveLength(0);
    expect(await storedUrl('f0000000000000000000cli1')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/latest\//);
    expect(refused.out).not.toContain('internal secret');

    // Local development: the operator says private addresses are fine.
    const allowed = await runMigrateCli(t.url, [folder, '--download-files'], {
      MIGRATE_ALLOW_PRIVATE_SOURCES: '1',
    });
    expect(allowed.code, allowed.out).toBe(0);
    expect(internal.requests).toHaveLength(1);
    const url = await storedUrl('f0000000000000000000cli1');
    expect(url.startsWith(`${t.url}/files/`)).toBe(true);
    expect(await (await fetch(url)).text()).toBe('internal secret');
  }, 120_000);

  it('is refused by the engine itself when its caller gives no fetch of its own', async () => {
    const folder = await plantedExport('engine', 'f00000000000000000engine');
    expect((await runMigrateCli(t.url, [folder])).code).toBe(0);
    const before = internal.requests.length;
    const report = await downloadFiles(new LiveClient(keys()), new ImportTarget(keys()), { retryDelayMs: 1 });
    const failure = report.failures.find((f) => f.where.includes('f00000000000000000engine'));
    expect(failure?.message).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(internal.requests.length).toBe(before);
  }, 120_000);
});
