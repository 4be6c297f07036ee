import { createServer, request } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import { ImportTarget } from '@switchboard/migrate';
import { CSRF_HEADER } from '@switchboard/shared';
import { openTestDatabase } from '@switchboard/shared/sql/testing';
import { pino } from 'pino';
import { createBff } from '../../app';
import type { BffConfig } from '../../config';
import type { GuardedClient } from '@switchboard/outbound';
import type { ConsoleClient, TestBff } from '../../test/harness';
import { testConfig } from '../../test/harness';
import type { UpstreamServer } from '../../test/upstream-server';

type Obj = Record<string, unknown>;

const iso = (ms: number) => new Date(Date.UTC(2021, 0, 1) + ms).toISOString();
const oid = (prefix: string, n: number) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
const jsonl = (list: unknown[]) => `${list.map((o) => JSON.stringify(o)).join('\n')}\n`;

export interface TestExport {
  zip: Uint8Array;
  /** Every object by class, as the export holds it. */
  objects: Map<string, Obj[]>;
  /** Post.likes members: [postId, userId]. */
  likes: [string, string][];
}

/**
 * A small LeanCloud-format export as a .zip (the format of server/src/migrate/test-export.ts):
 * a schema file, _User and Post in JSON lines, Comment as {results: [...]}, and the members of
 * the Post.likes relation in a _Join file.
 */
export function buildExportZip(posts: number): TestExport {
  const users = [0, 1, 2].map((n) => ({
    objectId: oid('u', n),
    username: `mover${n}`,
    email: `mover${n}@example.com`,
    createdAt: iso(n),
    updatedAt: iso(n + 1),
    ACL: { '*': { read: true }, [oid('u', n)]: { write: true } },
  }));
  const postList = Array.from({ length: posts }, (_, n) => ({
    objectId: oid('p', n),
    title: `Post ${n}`,
    n,
    tags: ['a', `t${n % 3}`],
    author: { __type: 'Pointer', className: '_User', objectId: oid('u', n % 3) },
    when: { __type: 'Date', iso: iso(n * 1000) },
    createdAt: iso(n * 10),
    updatedAt: iso(n * 10 + 5),
    ACL: { '*': { read: true } },
  }));
  const comments = Array.from({ length: 5 }, (_, n) => ({
    objectId: oid('c', n),
    text: `comment ${n}`,
    post: { __type: 'Pointer', className: 'Post', objectId: oid('p', n % posts) },
    createdAt: iso(n),
    updatedAt: iso(n),
  }));
  const likes: [string, string][] = postList.slice(0, 4).map((p, n) => [p.objectId, oid('u', n % 3)]);
  const schema = {
    results: [
      {
        className: 'Post',
        fields: {
          title: { type: 'String' },
          n: { type: 'Number' },
          author: { type: 'Pointer', className: '_User' },
          likes: { type: 'Relation', className: '_User' },
        },
      },
    ],
  };
  const zip = zipSync({
    'export/schema.json': strToU8(JSON.stringify(schema)),
    'export/_User.jsonl': strToU8(jsonl(users)),
    'export/Post.jsonl': strToU8(jsonl(postList)),
    'export/Comment.json': strToU8(JSON.stringify({ results: comments })),
    'export/_Join:likes:Post.jsonl': strToU8(
      jsonl(likes.map(([owningId, relatedId]) => ({ owningId, relatedId }))),
    ),
  });
  return {
    zip,
    objects: new Map<string, Obj[]>([
      ['_User', users],
      ['Post', postList],
      ['Comment', comments],
    ]),
    likes,
  };
}

/** Writes `count` Item objects (and a few Notes) into a server, as the source of a live copy. */
export async function seedSource(server: UpstreamServer, count: number): Promise<void> {
  const target = new ImportTarget({ baseUrl: server.url, ...server.keys });
  const items = Array.from({ length: count }, (_, n) => ({
    objectId: oid('i', n),
    n,
    name: `item ${n}`,
    nested: { deep: [n, 'x'] },
    createdAt: iso(n),
    updatedAt: iso(n),
    ACL: n % 2 ? { '*': { read: true } } : { '*': { read: true, write: true } },
  }));
  for (let i = 0; i < items.length; i += 1000)
    await target.send('Item', { objects: items.slice(i, i + 1000) });
  await target.send('Note', {
    objects: [0, 1, 2].map((n) => ({
      objectId: oid('n', n),
      text: `note ${n}`,
      createdAt: iso(n),
      updatedAt: iso(n),
    })),
  });
}

/** Every object of a class, read with the master key straight from the server (with ACLs). */
export async function readAll(server: UpstreamServer, className: string): Promise<Obj[]> {
  const out: Obj[] = [];
  let last = '';
  for (;;) {
    const qs = new URLSearchParams({
      limit: '1000',
      order: 'objectId',
      returnACL: 'true',
      where: JSON.stringify({ objectId: { $gt: last } }),
    });
    const res = await fetch(`${server.url}/1.1/classes/${className}?${qs.toString()}`, {
      headers: { 'X-LC-Id': server.keys.appId, 'X-LC-Key': `${server.keys.masterKey},master` },
    });
    const page = ((await res.json()) as { results?: Obj[] }).results ?? [];
    out.push(...page);
    if (page.length < 1000) return out;
    last = String(page.at(-1)?.objectId);
  }
}

/**
 * The bff over `upstream` with its log captured, to check what it writes there. Its sources and
 * old file hosts are local servers, reachable only with `allowPrivateSources` (said by each test).
 */
export async function startLoggedBff(
  upstream: UpstreamServer,
  opts: { config: Pick<BffConfig, 'allowPrivateSources'>; outbound?: GuardedClient },
): Promise<TestBff & { log: () => string }> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const config = testConfig(upstream.url, { logLevel: 'debug', ...opts.config });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  const db = await openTestDatabase();
  const bff = await createBff(config, db.sql, pino({ level: 'debug' }, sink), opts.outbound);
  const server: Server = await new Promise((resolve) => {
    const s = createServer(bff.handler).listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    expressUrl: url,
    sql: db.sql,
    setupToken: bff.setupToken,
    log: () => lines.join(''),
    async close() {
      await new Promise((r) => server.close(r));
      await db.drop();
    },
  };
}

/**
 * A proxy in front of a source server that holds the scan requests of one class while closed:
 * the edge of the world a slow source would be, so a test can cancel a copy midway for sure.
 */
export async function startGate(base: string, heldClass: string) {
  let open = false;
  let release: () => void = () => undefined;
  const opened = new Promise<void>((r) => (release = r));
  let held!: () => void;
  const reached = new Promise<void>((r) => (held = r));
  const server = createServer((req, res) => {
    const forward = () => {
      const up = request(`${base}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on('error', () => res.destroy());
      req.pipe(up);
    };
    if (!open && (req.url ?? '').startsWith(`/1.1/scan/classes/${heldClass}`)) {
      held();
      void opened.then(forward);
    } else forward();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once a scan of the held class is waiting. */
    reached,
    open() {
      open = true;
      release();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const FINAL = ['succeeded', 'failed', 'cancelled', 'interrupted'];

/** Polls a run until it has finished (the console's wizard page polls the same way). */
export async function waitForEnd(c: ConsoleClient, id: string): Promise<Obj> {
  for (;;) {
    const r = await c.call('GET', `/api/apps/default/migrations/${id}`);
    const m = r.json.migration as Obj | undefined;
    if (!m) throw new Error(`GET migration: ${r.status} ${r.text}`);
    if (FINAL.includes(String(m.status))) return m;
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Sends a file as the upload route takes it: the bytes as the body. */
export async function upload(
  bffUrl: string,
  c: ConsoleClient,
  name: string,
  bytes: Uint8Array | string,
  downloadFiles = false,
) {
  const cookie = (c as unknown as { cookie: string }).cookie;
  const query = new URLSearchParams({ name, downloadFiles: downloadFiles ? '1' : '0' });
  const res = await fetch(`${bffUrl}/api/apps/default/migrations/upload?${query.toString()}`, {
    method: 'POST',
    headers: { cookie, [CSRF_HEADER]: '1', 'content-type': 'application/octet-stream' },
    body: typeof bytes === 'string' ? bytes : Buffer.from(bytes),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Obj };
}
