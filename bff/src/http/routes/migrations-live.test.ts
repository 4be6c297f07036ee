import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBoxFor } from '../../domain/secret-box';
import { createUser } from '../../domain/users';
import { ConsoleClient } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';
import { readAll, seedSource, startGate, startLoggedBff, waitForEnd } from './migrations-fixtures';

/*
 * Live copies through the wizard: a second API server plays the LeanCloud app, read through its
 * scan API by the bff, written into the console's app. A gate in front of the source holds one
 * class's scan, so a cancel lands midway every time.
 */

const PASSWORD = 'live migration password';
const ITEMS = 2500;
const base = '/api/apps/default/migrations';

let source: UpstreamServer;
let target: UpstreamServer;
let bff: TestBff & { log: () => string };
let dev: ConsoleClient;
/** Every answer the console gave in these tests: none may hold a source key. */
const answers: string[] = [];

async function call(method: string, path: string, body?: unknown) {
  const r = await dev.call(method, path, body);
  answers.push(r.text);
  return r;
}
const startBody = (url = source.url, key = source.keys.masterKey) => ({
  sourceUrl: url,
  sourceAppId: source.keys.appId,
  sourceMasterKey: key,
});
async function finished(id: string) {
  const m = await waitForEnd(dev, id);
  answers.push(JSON.stringify(m));
  return m;
}

beforeAll(async () => {
  [source, target] = await Promise.all([startUpstreamServer(), startUpstreamServer()]);
  await seedSource(source, ITEMS);
  // Its sources and old file hosts are servers on this machine.
  bff = await startLoggedBff(target, { config: { allowPrivateSources: true } });
  await createUser(bff.sql, { email: 'dev@example.com', password: PASSWORD, role: 'developer' });
  dev = new ConsoleClient(bff.url);
  await dev.login('dev@example.com', PASSWORD);
}, 180_000);

afterAll(async () => {
  await bff?.close();
  await Promise.all([source?.stop(), target?.stop()]);
});

const sealedKey = async (id: string) =>
  (
    await bff.sql.query<{ k: string | null }>(
      'SELECT source_key_sealed AS k FROM console_migrations WHERE id = $1',
      [id],
    )
  )[0]?.k;

const strip = (o: Record<string, unknown>) => ({ ...o, updatedAt: o.updatedAt, createdAt: o.createdAt });
async function expectSameData() {
  for (const className of ['Item', 'Note']) {
    const [from, to] = await Promise.all([readAll(source, className), readAll(target, className)]);
    expect(to.length, className).toBe(from.length);
    expect(to.map(strip), className).toEqual(from.map(strip));
  }
}

describe('live copy from a LeanCloud-compatible app', () => {
  it('cancelled midway, then resumed, ends with every object once', async () => {
    const gate = await startGate(source.url, 'Note');
    try {
      const r = await call('POST', base, startBody(gate.url));
      expect(r.status, r.text).toBe(200);
      const id = (r.json.migration as { id: string }).id;
      await gate.reached;
      expect(r.json.migration).toMatchObject({ status: 'running' });
      // Runs start at once, so a second one is refused rather than left waiting in line.
      const second = await call('POST', base, startBody());
      expect(second.status).toBe(409);
      expect(second.json.message).toMatch(/already running .*; wait for it or cancel it first/);
      const cancelled = await call('POST', `${base}/${id}/cancel`);
      expect(cancelled.status, cancelled.text).toBe(200);
      const m = cancelled.json.migration as {
        status: string;
        classes: { name: string; total: number; done: boolean; written: number }[];
      };
      expect(m.status).toBe('cancelled');
      expect(m.classes.find((c) => c.name === 'Item')).toMatchObject({
        total: ITEMS,
        written: ITEMS,
        done: true,
      });
      expect(m.classes.find((c) => c.name === 'Note')).toMatchObject({ total: 3, done: false });
      expect((await readAll(target, 'Note')).length).toBe(0);
      // The form says it: the key is kept sealed while the run may be resumed.
      expect(await sealedKey(id)).toMatch(/.{20}/);
      // Resuming a run that is not stopped is refused; resuming this one continues.
      gate.open();
      const resumed = await call('POST', `${base}/${id}/resume`);
      expect(resumed.status, resumed.text).toBe(200);
      expect((await call('POST', `${base}/${id}/resume`)).status).toBe(409);
      const end = await finished(id);
      expect(end.status, String(end.error)).toBe('succeeded');
      const classes = end.classes as { name: string; written: number; read: number }[];
      // Item was finished before the cancel: its checkpoint says so, and it is not read again.
      expect(classes.find((c) => c.name === 'Item')).toMatchObject({ read: ITEMS, written: ITEMS });
      expect(classes.find((c) => c.name === 'Note')).toMatchObject({ read: 3, written: 3 });
      // ... and deleted once it succeeded.
      expect(await sealedKey(id)).toBeNull();
      await expectSameData();
    } finally {
      await gate.close();
    }
  }, 180_000);

  it('copies again with everything skipped, and every object equal to the source', async () => {
    const r = await call('POST', base, startBody());
    expect(r.status, r.text).toBe(200);
    const end = await finished((r.json.migration as { id: string }).id);
    expect(end.status, String(end.error)).toBe('succeeded');
    const item = (end.classes as { name: string }[]).find((c) => c.name === 'Item');
    expect(item).toMatchObject({
      read: ITEMS,
      written: 0,
      skipped: ITEMS,
      failed: 0,
      total: ITEMS,
      done: true,
    });
    expect(end.etaSeconds).toBeNull();
    await expectSameData();
  }, 180_000);

  it('resumes a run whose console process died, from its checkpoints', async () => {
    const id = 'died-0000';
    const source_ = `${source.url} ${source.keys.appId}`;
    await bff.sql.query(
      `INSERT INTO console_migrations (id, app, kind, status, source, source_config, source_key_sealed,
         created_by, heartbeat_at, progress, checkpoint)
       VALUES ($1, 'default', 'live', 'running', 'old', $2::jsonb, $3, 'dev@example.com',
         now() - interval '1 hour', '{}'::jsonb, $4::jsonb)`,
      [
        id,
        JSON.stringify({ url: source.url, appId: source.keys.appId }),
        secretBoxFor(bff.sql).seal(source.keys.masterKey, `console_migrations:${id}`),
        JSON.stringify({ source: source_, classes: { Item: { done: true } } }),
      ],
    );
    const shown = await call('GET', `${base}/${id}`);
    expect(shown.json.migration).toMatchObject({
      status: 'interrupted',
      error: expect.stringMatching(/resume/),
    });
    expect((await call('POST', `${base}/${id}/resume`)).status).toBe(200);
    const end = await finished(id);
    expect(end.status).toBe('succeeded');
    const names = (end.classes as { name: string }[]).map((c) => c.name);
    expect(names).toContain('Note');
    expect((end.classes as { name: string; read: number }[]).find((c) => c.name === 'Item')?.read ?? 0).toBe(
      0,
    );
  }, 180_000);

  /** A run stopped midway in Item, as its row keeps it: Item's counts and its checkpoint. */
  async function stoppedInItem(id: string, read: number, item: { cursor: string; read: number }) {
    await bff.sql.query(
      `INSERT INTO console_migrations (id, app, kind, status, source, source_config, source_key_sealed,
         created_by, heartbeat_at, finished_at, error, progress, checkpoint)
       VALUES ($1, 'default', 'live', 'cancelled', 'old', $2::jsonb, $3, 'dev@example.com',
         now() - interval '1 hour', now() - interval '1 hour', 'Cancelled.', $4::jsonb, $5::jsonb)`,
      [
        id,
        JSON.stringify({ url: source.url, appId: source.keys.appId }),
        secretBoxFor(bff.sql).seal(source.keys.masterKey, `console_migrations:${id}`),
        JSON.stringify({
          classes: [
            {
              name: 'Item',
              read,
              written: read,
              skipped: 0,
              failed: 0,
              total: ITEMS,
              done: false,
              failures: [],
            },
          ],
        }),
        JSON.stringify({ source: `${source.url} ${source.keys.appId}`, classes: { Item: item } }),
      ],
    );
    expect((await call('POST', `${base}/${id}/resume`)).status).toBe(200);
    const end = await finished(id);
    expect(end.status, String(end.error)).toBe('succeeded');
    return (end.classes as { name: string; read: number }[]).find((c) => c.name === 'Item');
  }

  it('cancelled midway and resumed: read equals the class size, however many pages are sent again', async () => {
    // The cursor expired meanwhile (cursors last ten minutes): Item is scanned again from its start.
    expect(await stoppedInItem('expired-0000', 1000, { cursor: 'expired.cursor', read: 1000 })).toMatchObject(
      {
        read: ITEMS,
      },
    );
    // The last page (no cursor after it) was written and counted, but the class not yet marked done:
    // the resumed copy reads that page again from the cursor before it.
    const page = async (cursor?: string) => {
      const qs = new URLSearchParams({ limit: '1000', ...(cursor ? { cursor } : {}) });
      const r = await fetch(`${source.url}/1.1/scan/classes/Item?${qs.toString()}`, {
        headers: { 'X-LC-Id': source.keys.appId, 'X-LC-Key': `${source.keys.masterKey},master` },
      });
      return String(((await r.json()) as { cursor: string }).cursor);
    };
    const second = await page(await page());
    expect(await stoppedInItem('lastpage-0000', ITEMS, { cursor: second, read: 2000 })).toMatchObject({
      read: ITEMS,
    });
  }, 180_000);

  it('ends failed with a message when the source refuses the key or cannot be reached', async () => {
    const wrongKey = 'not-the-master-key-123';
    const refused = await call('POST', base, startBody(source.url, wrongKey));
    expect(refused.status).toBe(200);
    const a = await finished((refused.json.migration as { id: string }).id);
    expect(a).toMatchObject({ status: 'failed', error: expect.stringMatching(/refused the master key/) });
    const gone = await call('POST', base, startBody('http://127.0.0.1:9', source.keys.masterKey));
    const b = await finished((gone.json.migration as { id: string }).id);
    expect(b).toMatchObject({ status: 'failed', error: expect.stringMatching(/cannot be reached/) });
    const badUrl = await call('POST', base, { ...startBody(), sourceUrl: 'ftp://example.com' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.message).toMatch(/source API address/);
    const before = (await call('GET', base)).json.migrations as unknown[];
    for (const sourceUrl of [
      'http://169.254.169.254',
      'http://[::ffff:169.254.169.254]',
      'http://metadata.google.internal',
    ]) {
      const metadata = await call('POST', base, { ...startBody(), sourceUrl });
      expect(metadata.status, sourceUrl).toBe(400);
      expect(metadata.json.message).toMatch(
        /link-local or cloud metadata address, which the console does not connect to/,
      );
    }
    // Refused before a run exists: nothing was fetched, nothing is listed.
    expect((await call('GET', base)).json.migrations).toHaveLength(before.length);
    const noKey = await call('POST', base, { ...startBody(), sourceMasterKey: '' });
    expect(noKey.status).toBe(400);
    expect(answers.join('\n')).not.toContain(wrongKey);
  }, 180_000);

  it('never shows, logs or audits a source master key', async () => {
    const listed = await call('GET', base);
    expect((listed.json.migrations as unknown[]).length).toBeGreaterThanOrEqual(4);
    const all = answers.join('\n');
    for (const secret of [source.keys.masterKey, 'not-the-master-key-123']) {
      expect(all).not.toContain(secret);
      expect(bff.log()).not.toContain(secret);
      const audit = await bff.sql.query<{ t: string }>(`SELECT row_to_json(a)::text AS t FROM audit_log a`);
      expect(audit.map((r) => r.t).join('\n')).not.toContain(secret);
      const rows = await bff.sql.query<{ t: string }>(
        `SELECT row_to_json(m)::text AS t FROM (SELECT id, source, source_config, progress, checkpoint, error FROM console_migrations) m`,
      );
      expect(rows.map((r) => r.t).join('\n')).not.toContain(secret);
    }
    expect(bff.log()).toContain('/migrations');
    const actions = await bff.sql.query<{ action: string }>(`SELECT DISTINCT action FROM audit_log`);
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['migration.start', 'migration.cancel', 'migration.resume', 'migration.finish']),
    );
  });
});
