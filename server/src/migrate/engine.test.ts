import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as AV from 'leancloud-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import { importExport, ImportTarget, openExport } from '@switchboard/migrate';
import type { ImportReport } from '@switchboard/migrate';
import { buildExport } from './test-export';
import type { BuiltExport, Exported } from './test-export';

/** 10k objects in one class by default (the acceptance size); MIGRATE_TEST_OBJECTS changes it. */
const ITEMS = Number(process.env.MIGRATE_TEST_OBJECTS ?? 10_000);

let t: TestServer;
let dir: string;
let built: BuiltExport;
let target: ImportTarget;
beforeAll(async () => {
  t = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'lc-export-'));
  built = await buildExport(dir, ITEMS);
  target = new ImportTarget({ baseUrl: t.url, appId: TEST_KEYS.appId, masterKey: TEST_KEYS.masterKey });
  // How a moved app points the SDK at Switchboard (docs/moving-from-leancloud.md).
  AV.init({ appId: TEST_KEYS.appId, appKey: TEST_KEYS.appKey, serverURL: t.url });
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every object of a class through the REST API (master key, with ACLs), in objectId order. */
async function readAll(className: string): Promise<Map<string, Exported>> {
  const out = new Map<string, Exported>();
  let last = '';
  for (;;) {
    const r = await t.request('GET', `/1.1/classes/${className}`, {
      auth: 'master',
      query: { limit: '1000', order: 'objectId', returnACL: 'true', where: { objectId: { $gt: last } } },
    });
    const page = r.json.results as Exported[];
    if (!Array.isArray(page)) throw new Error(`reading ${className}: ${r.text}`);
    for (const o of page) out.set(String(o.objectId), o);
    if (page.length < 1000) return out;
    last = String(page.at(-1)?.objectId);
  }
}

/** What the API should give back for an exported object: the same, without the password fields. */
function expectedOf(o: Exported): Exported {
  const { salt: _salt, password: _password, ...rest } = o;
  const out: Exported = {};
  for (const [k, v] of Object.entries(rest)) {
    const file = v as { __type?: string; id?: string };
    // A File value comes back with its record's name and url beside the id.
    out[k] = file?.__type === 'File' ? expect.objectContaining({ __type: 'File', objectId: file.id }) : v;
  }
  return out;
}

const byName = (report: ImportReport) => new Map(report.classes.map((c) => [c.name, c]));

describe('importing a LeanCloud export folder', () => {
  it('writes every object with its ids, times, ACLs and types, and the relation members', async () => {
    const folder = await openExport(dir);
    const report = await importExport(target, folder.files);
    const classes = byName(report);
    expect(report.ignoredFiles).toEqual([]);
    for (const [className, list] of built.objects) {
      expect(classes.get(className), className).toMatchObject({
        read: list.length,
        written: list.length,
        failed: 0,
      });
      const back = await readAll(className);
      expect(back.size, className).toBe(list.length);
      for (const o of list)
        expect(back.get(String(o.objectId)), `${className} ${String(o.objectId)}`).toMatchObject(
          expectedOf(o),
        );
    }
    expect(classes.get('_Role.users (relation)')).toMatchObject({ read: 2, written: 2, failed: 0 });
    expect(classes.get('Item.likes (relation)')).toMatchObject({ read: 2, written: 2, failed: 0 });
    const likedBy = await t.request('GET', '/1.1/classes/_User', {
      auth: 'master',
      query: {
        where: {
          $relatedTo: {
            object: {
              __type: 'Pointer',
              className: 'Item',
              objectId: built.objects.get('Item')?.[0]?.objectId,
            },
            key: 'likes',
          },
        },
      },
    });
    expect((likedBy.json.results as Exported[]).map((u) => u.username)).toEqual(['user1']);
    const schema = await t.request('GET', '/1.1/schemas/Item', { auth: 'master' });
    expect(JSON.stringify(schema.json)).toContain('summary');
  }, 120_000);

  it('changes nothing when run again', async () => {
    const report = await importExport(target, (await openExport(dir)).files);
    for (const c of report.classes)
      expect(c, c.name).toMatchObject({ written: 0, failed: 0, skipped: c.read });
  }, 120_000);

  it('lets imported users log in with their old passwords through the leancloud-storage SDK', async () => {
    for (const u of built.users) {
      const user = await AV.User.logIn(u.username, u.password);
      expect(user.id).toBe(u.objectId);
      await AV.User.logOut();
    }
    await expect(AV.User.logIn('user0', 'not the password')).rejects.toMatchObject({ code: 210 });
    const hashes = await t.server.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM lc_user_auth WHERE user_id = ANY($1::text[])',
      [built.users.map((u) => u.objectId)],
    );
    expect(hashes.map((h) => h.password_hash.slice(0, 9))).toEqual(['$argon2id', '$argon2id', '$argon2id']);
  });
});
