import { readdir } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRoot } from '../../domain/migrations';
import { createUser } from '../../domain/users';
import { addressPolicy, GuardedClient, systemResolve } from '@switchboard/outbound';
import type { Resolve } from '@switchboard/outbound';
import { startRecordingServer } from '@switchboard/outbound/testing';
import type { RecordingServer } from '@switchboard/outbound/testing';
import { ConsoleClient } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';
import { zipBomb } from '../../test/zip-bomb';
import { startLoggedBff, upload, waitForEnd } from './migrations-fixtures';

/*
 * What a console user (or anyone with the app key, who can plant a _File url) could make the
 * console fetch, through the migration wizard: the console's own machine and network, through a
 * redirect, with the source master key; and a zip that unpacks to far more than it weighs.
 * A local server stands for the internal network; it records what reached it.
 */

const PASSWORD = 'ssrf migration password';
const base = '/api/apps/default/migrations';
const SOURCE_KEY = 'source-master-key-never-elsewhere';

/** DNS, where one name answers a public address first and the internal one afterwards. */
let rebindCalls = 0;
const rebinding: Resolve = (host) => {
  if (host !== 'rebind.example') return systemResolve(host);
  const address = rebindCalls++ === 0 ? '93.184.216.34' : '127.0.0.1';
  return Promise.resolve([{ address, family: 4 }]);
};

let target: UpstreamServer;
/** The app behind `local`: downloads read every _File of their app, so each console has its own. */
let localTarget: UpstreamServer;
let internal: RecordingServer;
/** The console as it runs by default: private sources not allowed. */
let strict: TestBff & { log: () => string };
/** The console with CONSOLE_ALLOW_PRIVATE_SOURCES=1, as in local development. */
let local: TestBff & { log: () => string };
let dev: ConsoleClient;
let devLocal: ConsoleClient;

beforeAll(async () => {
  [target, localTarget] = await Promise.all([startUpstreamServer(), startUpstreamServer()]);
  internal = await startRecordingServer((_req, res) => res.end('{"secret":"internal answer"}'));
  strict = await startLoggedBff(target, {
    config: { allowPrivateSources: false },
    outbound: new GuardedClient(addressPolicy(false), rebinding),
  });
  local = await startLoggedBff(localTarget, { config: { allowPrivateSources: true } });
  for (const bff of [strict, local])
    await createUser(bff.sql, { email: 'dev@example.com', password: PASSWORD, role: 'developer' });
  dev = new ConsoleClient(strict.url);
  await dev.login('dev@example.com', PASSWORD);
  devLocal = new ConsoleClient(local.url);
  await devLocal.login('dev@example.com', PASSWORD);
}, 120_000);

afterAll(async () => {
  await Promise.all([strict?.close(), local?.close(), internal?.close()]);
  await Promise.all([target?.stop(), localTarget?.stop()]);
});

const fileId = (n: number) => `ssrf${String(n).padStart(20, '0')}`;
const fileRecord = (n: number, url: string) =>
  `${JSON.stringify({ objectId: fileId(n), name: 'x.txt', url })}\n`;

async function downloadRun(c: ConsoleClient, bffUrl: string, n: number, url: string) {
  const r = await upload(bffUrl, c, '_File.jsonl', fileRecord(n, url), true);
  expect(r.status, r.text).toBe(200);
  const m = await waitForEnd(c, (r.json.migration as { id: string }).id);
  return (
    m.classes as { name: string; written: number; failed: number; failures: { message: string }[] }[]
  ).find((k) => k.name === '_File content')!;
}

describe('file downloads of a migration', () => {
  it('never fetch a planted _File url on the console’s own machine, nor store its answer', async () => {
    const files = await downloadRun(dev, strict.url, 1, `${internal.url}/latest/meta-data`);
    expect(files).toMatchObject({ written: 0, failed: 1 });
    expect(files.failures[0]!.message).toMatch(
      /127\.0\.0\.1 is a loopback address, which the console does not connect to/,
    );
    expect(internal.requests).toHaveLength(0);
    const stored = (await (
      await fetch(`${target.url}/1.1/classes/_File/${fileId(1)}`, {
        headers: { 'X-LC-Id': target.keys.appId, 'X-LC-Key': `${target.keys.masterKey},master` },
      })
    ).json()) as { url?: string };
    expect(stored.url).toBe(`${internal.url}/latest/meta-data`);
  });

  it('never follow a redirect to the metadata service, even with private sources allowed', async () => {
    const hop = await startRecordingServer((_req, res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam' }).end(),
    );
    try {
      const files = await downloadRun(devLocal, local.url, 2, `${hop.url}/file.txt`);
      expect(files).toMatchObject({ written: 0, failed: 1 });
      expect(files.failures[0]!.message).toMatch(
        /after 1 redirect, 169\.254\.169\.254 is a link-local or cloud metadata address/,
      );
      expect(hop.requests).toHaveLength(1);
    } finally {
      await hop.close();
    }
  });
});

describe('live copy sources', () => {
  it('refuses a source on the console’s own machine by default, naming the setting', async () => {
    const before = ((await dev.call('GET', base)).json.migrations as unknown[]).length;
    for (const sourceUrl of [
      internal.url,
      `http://localhost:${internal.port}`,
      `http://[::ffff:127.0.0.1]:${internal.port}`,
    ]) {
      const r = await dev.call('POST', base, { sourceUrl, sourceAppId: 'a', sourceMasterKey: SOURCE_KEY });
      expect(r.status, sourceUrl).toBe(400);
      expect(r.json.message).toMatch(
        /loopback address, which the console does not connect to \(CONSOLE_ALLOW_PRIVATE_SOURCES=1/,
      );
    }
    expect((await dev.call('GET', base)).json.migrations).toHaveLength(before);
    expect(internal.requests).toHaveLength(0);
  });

  it('checks where the source name points when it connects (DNS rebinding)', async () => {
    const sourceUrl = `http://rebind.example:${internal.port}`;
    const r = await dev.call('POST', base, { sourceUrl, sourceAppId: 'a', sourceMasterKey: SOURCE_KEY });
    expect(r.status, r.text).toBe(200);
    const m = await waitForEnd(dev, (r.json.migration as { id: string }).id);
    expect(m.status).toBe('failed');
    expect(m.error).toMatch(/rebind\.example points to 127\.0\.0\.1, a loopback address/);
    expect(internal.requests).toHaveLength(0);
  });

  it('never sends the source master key to where the source redirects', async () => {
    const elsewhere = await startRecordingServer((_req, res) => res.writeHead(404).end('{}'));
    const source = await startRecordingServer((req, res) =>
      res.writeHead(307, { location: `${elsewhere.url}${req.url ?? '/'}` }).end(),
    );
    try {
      const r = await devLocal.call('POST', base, {
        sourceUrl: source.url,
        sourceAppId: 'a',
        sourceMasterKey: SOURCE_KEY,
      });
      expect(r.status, r.text).toBe(200);
      const m = await waitForEnd(devLocal, (r.json.migration as { id: string }).id);
      expect(m.status).toBe('failed');
      expect(source.requests[0]!.headers['x-lc-key']).toBe(`${SOURCE_KEY},master`);
      expect(elsewhere.requests.length).toBeGreaterThan(0);
      expect(JSON.stringify(elsewhere.requests)).not.toContain(SOURCE_KEY);
    } finally {
      await Promise.all([source.close(), elsewhere.close()]);
    }
  });

  it('refuses a user:password@ in the source address, and never shows one kept from before', async () => {
    const r = await devLocal.call('POST', base, {
      sourceUrl: `http://admin:hunter2@127.0.0.1:${internal.port}`,
      sourceAppId: 'a',
      sourceMasterKey: SOURCE_KEY,
    });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/must not hold a user name or password/);
    expect(r.text).not.toContain('hunter2');
    const old = 'http://admin:hunter2@old.example.com';
    await local.sql.query(
      `INSERT INTO console_migrations (id, app, kind, status, source, source_config, created_by, error)
       VALUES ('creds-0000', 'default', 'live', 'failed', $1, $2::jsonb, 'dev@example.com', $3)`,
      [`${old} (app a)`, JSON.stringify({ url: old, appId: 'a' }), `The source at ${old} cannot be reached`],
    );
    const listed = await devLocal.call('GET', base);
    expect(listed.text).toContain('http://old.example.com (app a)');
    expect(listed.text).not.toContain('hunter2');
    expect((await devLocal.call('GET', `${base}/creds-0000`)).text).not.toContain('hunter2');
  });
});

describe('uploaded exports', () => {
  const runDirs = () => readdir(uploadsRoot(undefined)).catch(() => [] as string[]);

  it('refuses a zip bomb as it arrives (413, naming the limit), keeping nothing', async () => {
    const bomb = zipBomb(100);
    expect(bomb.length).toBeLessThan(150 * 1024);
    const before = await runDirs();
    const r = await upload(strict.url, dev, 'leancloud-export.zip', bomb);
    expect(r.status, r.text).toBe(413);
    expect(r.json.message).toMatch(
      /unpacks to more than 100 times its size .*the console unpacks at most 100 times an export's size beyond the first 64 MB/,
    );
    expect(await runDirs()).toEqual(before);
  });

  it('refuses a zip of more entries than an export has (413)', async () => {
    const many = Object.fromEntries(Array.from({ length: 10_001 }, (_, n) => [`C${n}.jsonl`, strToU8('\n')]));
    const r = await upload(strict.url, dev, 'leancloud-export.zip', zipSync(many, { level: 0 }));
    expect(r.status, r.text).toBe(413);
    expect(r.json.message).toMatch(/holds more than 10,000 files, the most the console unpacks/);
  });
});
