import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRoot } from '../../domain/migrations';
import { createUser } from '../../domain/users';
import { ConsoleClient } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { rawRequest } from '../../test/raw-http';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';
import { buildExportZip, readAll, startLoggedBff, upload, waitForEnd } from './migrations-fixtures';

/*
 * The migration wizard's upload path end to end: a LeanCloud export zip sent to the real bff,
 * imported by the engine into a real API server, checked there object by object.
 */

const PASSWORD = 'migration wizard password';
const people = {
  admin: { email: 'admin@example.com', role: 'admin' },
  developer: { email: 'dev@example.com', role: 'developer' },
  operator: { email: 'op@example.com', role: 'operator' },
  support: { email: 'support@example.com', role: 'support' },
  viewer: { email: 'viewer@example.com', role: 'viewer' },
} as const;

let target: UpstreamServer;
let bff: TestBff & { log: () => string };
const clients = {} as Record<keyof typeof people, ConsoleClient>;
const exp = buildExportZip(30);
const jsonLines = `${JSON.stringify({ objectId: 'single0000000000000000001', text: 'one file, one class' })}\n`;
const base = '/api/apps/default/migrations';

beforeAll(async () => {
  target = await startUpstreamServer();
  // Its sources and old file hosts are servers on this machine.
  bff = await startLoggedBff(target, { config: { allowPrivateSources: true } });
  for (const [k, p] of Object.entries(people)) {
    await createUser(bff.sql, { email: p.email, password: PASSWORD, role: p.role });
    const c = new ConsoleClient(bff.url);
    await c.login(p.email, PASSWORD);
    clients[k as keyof typeof people] = c;
  }
}, 120_000);

afterAll(async () => {
  // Only this file's runs: other files' bffs share the uploads folder and may be running now.
  const runs = bff ? await bff.sql.query<{ id: string }>('SELECT id FROM console_migrations') : [];
  await bff?.close();
  await target?.stop();
  await Promise.all(
    runs.map((r) =>
      rm(join(uploadsRoot(undefined), r.id), { recursive: true, force: true }).catch(() => undefined),
    ),
  );
});

const byName = (m: Record<string, unknown>) =>
  new Map((m.classes as { name: string }[]).map((c) => [c.name, c as Record<string, unknown>]));

describe('uploading a LeanCloud export', () => {
  it('imports every class with its objectIds, reports each class, and removes the upload', async () => {
    const r = await upload(bff.url, clients.developer, 'leancloud-export.zip', exp.zip);
    expect(r.status, r.text).toBe(200);
    const started = r.json.migration as Record<string, unknown>;
    expect(started).toMatchObject({
      kind: 'files',
      source: 'leancloud-export.zip',
      createdBy: people.developer.email,
    });
    const m = await waitForEnd(clients.developer, String(started.id));
    expect(m.status, String(m.error)).toBe('succeeded');
    const classes = byName(m);
    for (const [name, list] of exp.objects)
      expect(classes.get(name), name).toMatchObject({
        read: list.length,
        written: list.length,
        failed: 0,
        done: true,
      });
    expect(classes.get('Post.likes (relation)')).toMatchObject({ written: exp.likes.length, failed: 0 });
    // Every file is read through before the import, so each class's total is exact.
    expect(classes.get('Post')?.total).toBe(30);
    expect(classes.get('Comment')?.total).toBe(exp.objects.get('Comment')?.length);

    for (const [name, list] of exp.objects) {
      const stored = new Map((await readAll(target, name)).map((o) => [o.objectId, o]));
      for (const o of list) {
        const s = stored.get(o.objectId);
        expect(s, `${name} ${String(o.objectId)}`).toBeDefined();
        expect(s!.updatedAt).toBe(o.updatedAt);
        if (name === 'Post')
          expect({ title: s!.title, author: s!.author, ACL: s!.ACL }).toEqual({
            title: o.title,
            author: o.author,
            ACL: o.ACL,
          });
      }
    }
    // The kept upload goes once the run has succeeded.
    expect(existsSync(join(uploadsRoot(undefined), String(started.id)))).toBe(false);
  }, 120_000);

  it('changes nothing the second time: every object is skipped', async () => {
    const r = await upload(bff.url, clients.admin, 'again.zip', exp.zip);
    expect(r.status, r.text).toBe(200);
    const m = await waitForEnd(clients.admin, String((r.json.migration as { id: string }).id));
    expect(m.status).toBe('succeeded');
    const classes = byName(m);
    for (const [name, list] of exp.objects)
      expect(classes.get(name), name).toMatchObject({ read: list.length, written: 0, skipped: list.length });
    const list = await clients.admin.call('GET', base);
    expect((list.json.migrations as unknown[]).length).toBe(2);
  }, 120_000);

  it('says the upload is gone when a run to resume has lost it', async () => {
    const r = await upload(bff.url, clients.admin, 'Post.jsonl', jsonLines);
    const id = (r.json.migration as { id: string }).id;
    expect((await waitForEnd(clients.admin, id)).status).toBe('succeeded');
    // As a run whose process died before the end, with its upload removed meanwhile.
    await bff.sql.query(
      `UPDATE console_migrations SET status = 'running', heartbeat_at = now() - interval '1 hour' WHERE id = $1`,
      [id],
    );
    expect((await clients.admin.call('GET', `${base}/${id}`)).json.migration).toMatchObject({
      status: 'interrupted',
    });
    const resumed = await clients.admin.call('POST', `${base}/${id}/resume`);
    expect(resumed.status).toBe(409);
    expect(resumed.json.message).toMatch(
      /Post\.jsonl is no longer on the console server; upload the export again/,
    );
    const unknown = await clients.admin.call('POST', `${base}/no-such-run/cancel`);
    expect(unknown.status).toBe(404);
  });

  it('fetches file content from the old urls when asked to', async () => {
    const old = createServer((_req, res) => res.end('hello, wizard'));
    await new Promise<void>((r) => old.listen(0, '127.0.0.1', () => r()));
    const oldUrl = `http://127.0.0.1:${(old.address() as AddressInfo).port}/old/hello.txt`;
    const file = {
      objectId: 'file00000000000000000001',
      name: 'hello.txt',
      url: oldUrl,
      mime_type: 'text/plain',
    };
    try {
      const r = await upload(bff.url, clients.admin, '_File.jsonl', `${JSON.stringify(file)}\n`, true);
      expect(r.json.migration).toMatchObject({ downloadFiles: true });
      const m = await waitForEnd(clients.admin, (r.json.migration as { id: string }).id);
      expect(byName(m).get('_File content')).toMatchObject({ written: 1, failed: 0, done: true });
    } finally {
      await new Promise((r) => old.close(r));
    }
    // The server computes a file's url when it is fetched by id.
    const stored = (await (
      await fetch(`${target.url}/1.1/classes/_File/${file.objectId}`, {
        headers: { 'X-LC-Id': target.keys.appId, 'X-LC-Key': `${target.keys.masterKey},master` },
      })
    ).json()) as Record<string, unknown>;
    expect(String(stored?.url)).toMatch(new RegExp(`^${target.url}/files/`));
    expect(await (await fetch(String(stored?.url))).text()).toBe('hello, wizard');
  });

  it('refuses what is not an export with a message', async () => {
    const c = clients.admin;
    const notZip = await upload(bff.url, c, 'export.zip', 'this is not a zip archive');
    expect(notZip.status).toBe(400);
    expect(notZip.json.message).toMatch(/not a zip archive/);
    const notJson = await upload(bff.url, c, 'Post.jsonl', '<html>hello</html>');
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toMatch(/does not hold JSON/);
    const empty = await upload(bff.url, c, 'Post.csv', '');
    expect(empty.status).toBe(400);
    expect(empty.json.message).toMatch(/empty/);
    const ext = await upload(bff.url, c, 'export.exe', 'MZ');
    expect(ext.status).toBe(400);
    expect(ext.json).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/\.zip, \.json/),
    });
    const asJson = await c.call('POST', `${base}/upload?name=a.json`, { results: [] });
    expect(asJson.status).toBe(415);
    expect(asJson.json.message).toMatch(/octet-stream/);
  });

  it('refuses an upload larger than the limit before reading it (413)', async () => {
    const cookie = (clients.admin as unknown as { cookie: string }).cookie;
    const r = await rawRequest(bff.url, {
      method: 'POST',
      path: `${base}/upload?name=big.zip`,
      headers: {
        cookie,
        'x-switchboard-csrf': '1',
        'content-type': 'application/octet-stream',
        'content-length': String(2 * 1024 ** 3),
      },
      body: '',
    });
    expect(r.status).toBe(413);
    expect((JSON.parse(r.text) as { message: string }).message).toMatch(/larger than 1 GB/);
  });

  it('discards the kept upload of a run that failed, after which it cannot be resumed', async () => {
    const r = await upload(bff.url, clients.developer, 'kept.jsonl', jsonLines);
    expect(r.status, r.text).toBe(200);
    const id = (r.json.migration as { id: string }).id;
    expect(r.json.migration).toMatchObject({ uploadDiscarded: false });
    expect((await waitForEnd(clients.developer, id)).status).toBe('succeeded');
    // As a run that failed: its row says so and its upload is still kept on disk.
    const folder = join(uploadsRoot(undefined), id);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'kept.jsonl'), jsonLines);
    await bff.sql.query(`UPDATE console_migrations SET status = 'failed' WHERE id = $1`, [id]);

    for (const who of ['support', 'viewer'] as const)
      expect((await clients[who].call('DELETE', `${base}/${id}/upload`)).status, who).toBe(403);
    expect((await clients.developer.call('DELETE', `${base}/no-such-run/upload`)).status).toBe(404);

    const discarded = await clients.developer.call('DELETE', `${base}/${id}/upload`);
    expect(discarded.status, discarded.text).toBe(200);
    expect(discarded.json.migration).toMatchObject({ id, status: 'failed', uploadDiscarded: true });
    expect(existsSync(folder)).toBe(false);

    const resumed = await clients.developer.call('POST', `${base}/${id}/resume`);
    expect(resumed.status).toBe(409);
    expect(resumed.json.message).toMatch(/kept\.jsonl was discarded, so this migration cannot be resumed/);
    const again = await clients.developer.call('DELETE', `${base}/${id}/upload`);
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already discarded/);

    const audit = await clients.admin.call('GET', '/api/audit?action=migration.discard_upload&limit=5');
    expect(audit.json.results).toEqual([
      expect.objectContaining({ action: 'migration.discard_upload', actorEmail: people.developer.email }),
    ]);
  });

  it('discards the upload of an interrupted run, which then no longer asks to be resumed', async () => {
    const r = await upload(bff.url, clients.admin, 'Post.jsonl', jsonLines);
    const id = (r.json.migration as { id: string }).id;
    expect((await waitForEnd(clients.admin, id)).status).toBe('succeeded');
    // As a run whose console process died midway, its upload still on disk.
    const folder = join(uploadsRoot(undefined), id);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'Post.jsonl'), jsonLines);
    await bff.sql.query(
      `UPDATE console_migrations SET status = 'running', heartbeat_at = now() - interval '1 hour', finished_at = NULL
        WHERE id = $1`,
      [id],
    );
    const discarded = await clients.admin.call('DELETE', `${base}/${id}/upload`);
    expect(discarded.status, discarded.text).toBe(200);
    const m = discarded.json.migration as { status: string; error: string; finishedAt: string | null };
    expect(m).toMatchObject({ status: 'interrupted', uploadDiscarded: true });
    expect(m.error).toMatch(/stopped before it finished/);
    expect(m.error).not.toMatch(/resume/);
    expect(m.finishedAt).not.toBeNull();
    expect(existsSync(folder)).toBe(false);
    // Stored so: a later read does not take it for a run whose heartbeat stopped.
    expect((await clients.admin.call('GET', `${base}/${id}`)).json.migration).toMatchObject({
      status: 'interrupted',
      error: m.error,
    });
  });

  it('keeps the upload of a running or succeeded run, and has none to discard for a live copy', async () => {
    const r = await upload(bff.url, clients.admin, 'Post.jsonl', jsonLines);
    const id = (r.json.migration as { id: string }).id;
    expect((await waitForEnd(clients.admin, id)).status).toBe('succeeded');
    const done = await clients.admin.call('DELETE', `${base}/${id}/upload`);
    expect(done.status).toBe(409);
    expect(done.json.message).toMatch(/succeeded; its uploaded file was removed/);
    // As a run another console process is working on right now.
    await bff.sql.query(
      `UPDATE console_migrations SET status = 'running', heartbeat_at = now() WHERE id = $1`,
      [id],
    );
    const running = await clients.admin.call('DELETE', `${base}/${id}/upload`);
    expect(running.status).toBe(409);
    expect(running.json.message).toMatch(/running; cancel it before discarding its upload/);
    await bff.sql.query(`UPDATE console_migrations SET status = 'succeeded' WHERE id = $1`, [id]);
    await bff.sql.query(
      `UPDATE console_migrations SET kind = 'live', source_config = '{"url": "http://127.0.0.1:1", "appId": "x"}'::jsonb,
         status = 'failed' WHERE id = $1`,
      [id],
    );
    const live = await clients.admin.call('DELETE', `${base}/${id}/upload`);
    expect(live.status).toBe(409);
    expect(live.json.message).toMatch(/live copy keeps no uploaded file/);
  });

  it('is refused to support, viewer and operator, allowed to developers and admins', async () => {
    for (const who of ['support', 'viewer', 'operator'] as const) {
      const c = clients[who];
      expect((await c.call('GET', base)).status, who).toBe(403);
      const live = await c.call('POST', base, {
        sourceUrl: 'http://127.0.0.1:1',
        sourceAppId: 'x',
        sourceMasterKey: 'y',
      });
      expect(live.status, who).toBe(403);
      expect((await upload(bff.url, c, 'x.zip', exp.zip)).status, who).toBe(403);
    }
    expect((await clients.developer.call('GET', base)).status).toBe(200);
    const audit = await clients.admin.call('GET', '/api/audit?action=migration.start&limit=50');
    expect((audit.json.results as unknown[]).length).toBeGreaterThanOrEqual(2);
  });
});
