import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadsRoot } from '../../domain/migrations';
import { createUser } from '../../domain/users';
import { ConsoleClient } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';
import { startLoggedBff, upload, waitForEnd } from './migrations-fixtures';

/*
 * An upload that cannot be read used to create an empty class, report "one object was not moved"
 * and be audited as a success. It must create nothing in the app and end failed with the parse
 * error, audited as such.
 */

const PASSWORD = 'unreadable upload password';

let target: UpstreamServer;
let bff: TestBff & { log: () => string };
let dev: ConsoleClient;
let admin: ConsoleClient;

beforeAll(async () => {
  target = await startUpstreamServer();
  bff = await startLoggedBff(target, { config: { allowPrivateSources: false } });
  await createUser(bff.sql, { email: 'dev@example.com', password: PASSWORD, role: 'developer' });
  await createUser(bff.sql, { email: 'admin@example.com', password: PASSWORD, role: 'admin' });
  dev = new ConsoleClient(bff.url);
  await dev.login('dev@example.com', PASSWORD);
  admin = new ConsoleClient(bff.url);
  await admin.login('admin@example.com', PASSWORD);
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

const classExists = async (className: string) =>
  (
    await fetch(`${target.url}/1.1/schemas/${className}`, {
      headers: { 'X-LC-Id': target.keys.appId, 'X-LC-Key': `${target.keys.masterKey},master` },
    })
  ).status === 200;

async function finishAudit(id: string) {
  const r = await admin.call('GET', '/api/audit?action=migration.finish&limit=50');
  return (r.json.results as { summary: { id?: string }; result: string }[]).find((e) => e.summary.id === id);
}

describe('an upload that cannot be read', () => {
  it('creates nothing, ends failed with the file, line and column, and is audited as failed', async () => {
    const cases: [string, Uint8Array | string, RegExp][] = [
      [
        'Broken.json',
        '{"results": [\n  {"objectId": "b1", "name": "one"},\n  {"objectId": "b2", "name": \n',
        /^Broken\.json, line 4, column 1: not JSON \(Unexpected end of JSON input\)\. Nothing was imported/,
      ],
      [
        'export.zip',
        zipSync({
          'export/Fine.jsonl': strToU8('{"objectId": "f1"}\n'),
          'export/Mangled.jsonl': strToU8('{"objectId": "m1"}\n{"objectId": "m2",}\n'),
        }),
        /^Mangled\.jsonl, line 2, column 19: not JSON/,
      ],
    ];
    for (const [name, bytes, message] of cases) {
      const r = await upload(bff.url, dev, name, bytes);
      expect(r.status, r.text).toBe(200);
      const id = (r.json.migration as { id: string }).id;
      const end = await waitForEnd(dev, id);
      expect(end, name).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(message),
        classes: [],
      });
      for (const className of ['Broken', 'Fine', 'Mangled'])
        expect(await classExists(className), `${name}: ${className}`).toBe(false);
      expect(await finishAudit(id), name).toMatchObject({
        result: 'error',
        summary: { status: 'failed', error: expect.stringMatching(message) },
      });
    }
  }, 120_000);
});
