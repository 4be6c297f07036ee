import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import {
  copyLive,
  downloadFiles,
  importExport,
  ImportTarget,
  LiveClient,
  openExport,
} from '@switchboard/migrate';
import type { BatchInput, BatchResult } from '@switchboard/migrate';
import { buildExport } from './test-export';
import type { BuiltExport, Exported } from './test-export';

/** Enough for three scan pages in Item. */
const ITEMS = 2500;

let source: TestServer;
let target: TestServer;
let dir: string;
let built: BuiltExport;
const keysOf = (t: TestServer) => ({
  baseUrl: t.url,
  appId: TEST_KEYS.appId,
  masterKey: TEST_KEYS.masterKey,
});

beforeAll(async () => {
  // A second instance of the server plays the LeanCloud app, loaded from a LeanCloud-format export.
  source = await startTestServer();
  target = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'lc-live-'));
  built = await buildExport(join(dir, 'export'), ITEMS);
  await importExport(new ImportTarget(keysOf(source)), (await openExport(join(dir, 'export'))).files);
}, 120_000);
afterAll(async () => {
  await source.close();
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

async function readAll(t: TestServer, className: string): Promise<Exported[]> {
  const out: Exported[] = [];
  let last = '';
  for (;;) {
    const r = await t.request('GET', `/1.1/classes/${className}`, {
      auth: 'master',
      query: { limit: '1000', order: 'objectId', returnACL: 'true', where: { objectId: { $gt: last } } },
    });
    const page = r.json.results as Exported[];
    out.push(...page);
    if (page.length < 1000) return out;
    last = String(page.at(-1)?.objectId);
  }
}

const relationCount = async (t: TestServer) =>
  (await t.server.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM lc_relations'))[0]?.n;

/** Fails every send after the first `n`, as a copy cut off midway would. */
class FailingTarget extends ImportTarget {
  private sent = 0;
  constructor(private readonly n: number) {
    super(keysOf(target));
  }
  override async send(className: string, input: BatchInput): Promise<BatchResult> {
    if (++this.sent > this.n) throw new Error('connection lost');
    return super.send(className, input);
  }
}

/** Counts the relation queries a copy makes, by direction. */
class CountingClient extends LiveClient {
  byOwner = 0;
  byMember = 0;
  override relationMembers(...a: Parameters<LiveClient['relationMembers']>) {
    this.byOwner++;
    return super.relationMembers(...a);
  }
  override owners(...a: Parameters<LiveClient['owners']>) {
    this.byMember++;
    return super.owners(...a);
  }
}

describe('copying a live app', () => {
  it('resumes an interrupted copy and ends with every object and relation, once', async () => {
    const client = new LiveClient(keysOf(source));
    const checkpointFile = join(dir, 'checkpoint.json');
    const cut = await copyLive(client, new FailingTarget(7), 'source', { checkpointFile });
    const item = cut.classes.find((c) => c.name === 'Item');
    expect(item?.failures[0]?.message).toMatch(/connection lost.*run the same command again/);
    const saved = JSON.parse(await readFile(checkpointFile, 'utf8')) as {
      classes: Record<string, { done?: boolean }>;
    };
    expect(saved.classes._User?.done).toBe(true);
    expect(saved.classes.Item?.done).toBeUndefined();

    const progress: number[] = [];
    const rest = await copyLive(client, new ImportTarget(keysOf(target)), 'source', {
      checkpointFile,
      onProgress: (_c, left) => progress.push(left ?? -1),
    });
    expect(rest.classes.filter((c) => c.failed > 0).map((c) => [c.name, c.failures.slice(0, 3)])).toEqual([]);
    expect(progress.length).toBeGreaterThan(0);
    for (const className of built.objects.keys()) {
      const [from, to] = [await readAll(source, className), await readAll(target, className)];
      expect(to.length, className).toBe(built.objects.get(className)?.length);
      expect(to, className).toEqual(from);
    }
    expect(await relationCount(target)).toBe(await relationCount(source));
  }, 120_000);

  it('reads relation members from the smaller side: one query per user, not one per item', async () => {
    const client = new CountingClient(keysOf(source));
    const report = await copyLive(client, new ImportTarget(keysOf(target)), 'source', {
      checkpointFile: join(dir, 'again.json'),
    });
    const likes = report.classes.find((c) => c.name === 'Item.likes (relation)');
    // 2500 items like 3 users: the 3 users are asked for their owners.
    expect(client.byMember).toBe(3);
    // _Role.users and _Role.roles: one role, asked for its members.
    expect(client.byOwner).toBe(2);
    expect(likes).toMatchObject({ read: 2, written: 0, skipped: 2, failed: 0 });
    expect(report.classes.find((c) => c.name === 'Item')).toMatchObject({ read: ITEMS, skipped: ITEMS });
  }, 120_000);

  it('fetches file content from the old urls on request, and reports the files it cannot fetch', async () => {
    // A file the source serves itself, uploaded the way the SDK does.
    const token = await source.request('POST', '/1.1/fileTokens', {
      auth: 'master',
      body: { name: 'hello.txt', mime_type: 'text/plain' },
    });
    const { upload_url, objectId, token: t } = token.json as Record<string, string>;
    expect((await fetch(String(upload_url), { method: 'PUT', body: 'hello, switchboard' })).status).toBe(200);
    await source.request('POST', '/1.1/fileCallback', { auth: 'master', body: { token: t, result: true } });

    await copyLive(new LiveClient(keysOf(source)), new ImportTarget(keysOf(target)), 'source', {
      checkpointFile: join(dir, 'files.json'),
    });
    const copied = await target.request('GET', `/1.1/classes/_File/${objectId}`, { auth: 'master' });
    expect(String(copied.json.url)).toMatch(new RegExp(`^${source.url}/files/`));

    // The source here is on this machine, as in local development.
    const opts = { retryDelayMs: 10, allowPrivateSources: true };
    const to = new ImportTarget(keysOf(target));
    const report = await downloadFiles(new LiveClient(keysOf(target)), to, opts);
    // avatar.png of the export points at files.example.com, which does not answer.
    expect(report).toMatchObject({ read: 2, written: 1, skipped: 0, failed: 1 });
    expect(report.failures[0]?.where).toContain('files.example.com');
    expect(report.failures[0]?.message).toMatch(/files\.example\.com cannot be found/);

    const stored = await target.request('GET', `/1.1/classes/_File/${objectId}`, { auth: 'master' });
    expect(String(stored.json.url)).toMatch(new RegExp(`^${target.url}/files/`));
    expect(stored.json.metaData).toMatchObject({ size: 18 });
    expect(await (await fetch(String(stored.json.url))).text()).toBe('hello, switchboard');

    // Run again: what is stored stays, only the failed one is tried again.
    expect(await downloadFiles(new LiveClient(keysOf(target)), to, opts)).toMatchObject({
      written: 0,
      skipped: 1,
      failed: 1,
    });
  }, 120_000);

  it('copies class permissions and field options, and copies the options alone from a source without permissions', async () => {
    const permissions = {
      create: { onlySignInUsers: true },
      find: { '*': true },
      delete: { roles: ['Staff'] },
    };
    const made = await source.request('POST', '/1.1/schemas/Gizmo', {
      auth: 'master',
      body: {
        fields: {
          name: { type: 'String', required: true, comment: 'shown in lists' },
          secret: { type: 'String', hidden: true },
          n: { type: 'Number', default: 5, read_only: true },
          plain: { type: 'String' },
        },
        permissions,
      },
    });
    expect(made.status, made.text).toBe(201);
    for (const name of ['a', 'b'])
      await source.request('POST', '/1.1/classes/Gizmo', { auth: 'master', body: { name, secret: 's' } });
    const schemaOf = async (t: TestServer) =>
      (await t.request('GET', '/1.1/schemas/Gizmo', { auth: 'master' })).json.Gizmo as Record<
        string,
        unknown
      >;
    const permissionsOf = async (t: TestServer) =>
      (await t.request('GET', '/1.1/schemas/Gizmo/permissions', { auth: 'master' })).json.permissions;

    const report = await copyLive(
      new LiveClient(keysOf(source)),
      new ImportTarget(keysOf(target)),
      'source',
      {
        checkpointFile: join(dir, 'gizmo.json'),
      },
    );
    expect(report.classes.filter((c) => c.failed > 0).map((c) => c.failures)).toEqual([]);
    expect(await schemaOf(target)).toEqual(await schemaOf(source));
    expect(await permissionsOf(target)).toEqual(await permissionsOf(source));
    // Enforced on the target's clients: an anonymous create is refused, an invisible field not shown.
    const anon = await target.request('POST', '/1.1/classes/Gizmo', { body: { name: 'c' } });
    expect([anon.status, anon.json.error]).toEqual([
      403,
      "Forbidden to create by class 'Gizmo' permissions.",
    ]);
    const listed = await target.request('GET', '/1.1/classes/Gizmo', { query: { order: 'name' } });
    expect((listed.json.results as Record<string, unknown>[]).map((o) => [o.name, o.secret, o.n])).toEqual([
      ['a', undefined, 5],
      ['b', undefined, 5],
    ]);

    // A source that does not expose class permissions (LeanCloud answers an unknown path with 404):
    // the options are copied, the permissions stay as the target has them, and nothing fails.
    const everyone = { create: { '*': true }, find: { '*': true }, delete: { '*': true } };
    const reset = await target.request('PUT', '/1.1/schemas/Gizmo', {
      auth: 'master',
      body: { permissions: everyone, fields: { secret: { type: 'String', hidden: false } } },
    });
    expect(reset.status, reset.text).toBe(200);
    const withoutPermissions: typeof fetch = (input, init) =>
      (input instanceof Request ? input.url : input.toString()).includes('/permissions')
        ? Promise.resolve(new Response(JSON.stringify({ code: 404, error: 'Not Found' }), { status: 404 }))
        : fetch(input, init);
    const second = await copyLive(
      new LiveClient(keysOf(source), undefined, withoutPermissions),
      new ImportTarget(keysOf(target)),
      'source',
      { checkpointFile: join(dir, 'gizmo-2.json') },
    );
    expect(second.classes.filter((c) => c.failed > 0).map((c) => c.failures)).toEqual([]);
    expect(await permissionsOf(target)).toEqual(everyone);
    expect((await schemaOf(target)).secret).toEqual({ type: 'String', hidden: true });
  }, 120_000);
});
