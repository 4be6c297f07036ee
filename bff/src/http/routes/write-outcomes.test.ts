import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { signedIn, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { masterCall, startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/**
 * Writes whose outcome the console never learns. Between the bff and our API server sits a
 * forwarding proxy that, for the write under test, lets the app apply it and then keeps its
 * answer until the bff gives up (its upstream timeout), or drops the connection instead.
 */
let upstream: UpstreamServer;
let bff: TestBff;
let proxy: Server;
type Mode = 'pass' | 'hold' | 'drop';
let mode: Mode = 'pass';
/** Pending audit rows when the write under test reached the app. */
let pendingOnArrival: number[] = [];
const dev = { email: 'dev@example.com', password: 'developer password' };
const admin = { email: 'admin@example.com', password: 'admin password 123' };

function isWriteUnderTest(req: IncomingMessage, body: string): boolean {
  if (req.method === 'PUT') return true;
  return req.url === '/1.1/batch' && body.includes('"PUT"');
}

function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, target: URL, hold: Mode) {
  const out = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (up) => {
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        if (hold === 'drop') return res.socket?.destroy();
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(up.statusCode ?? 502, up.headers);
          res.end(Buffer.concat(chunks));
        };
        // Held: answered only once the bff has hung up, i.e. never to the bff.
        if (hold === 'hold') res.on('close', send);
        else send();
      });
    },
  );
  out.end(body);
}

beforeAll(async () => {
  upstream = await startUpstreamServer();
  const target = new URL(upstream.url);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const underTest = mode !== 'pass' && isWriteUnderTest(req, body.toString());
      if (!underTest) return forward(req, res, body, target, 'pass');
      void bff.sql
        .query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE result = 'pending'`)
        .then(([row]) => {
          pendingOnArrival.push(row?.n ?? 0);
          forward(req, res, body, target, mode);
        });
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const config = testConfig(proxyUrl, { initialAdmin: admin, upstreamTimeoutMs: 3000 });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys, baseUrl: proxyUrl }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...dev, role: 'developer' });
}, 120_000);
afterAll(async () => {
  await bff?.close();
  await new Promise((r) => proxy?.close(r));
  await upstream?.stop();
});

const asDev = () => signedIn(bff.url, dev);

async function notes(count: number): Promise<string[]> {
  const requests = Array.from({ length: count }, (_, i) => ({
    method: 'POST',
    path: '/1.1/classes/Note',
    body: { n: i },
  }));
  const r = (await masterCall(upstream, 'POST', '/1.1/batch', { requests })) as unknown as {
    success: { objectId: string };
  }[];
  return r.map((x) => x.success.objectId);
}

interface Row {
  result: string;
  status: number | null;
  action: string;
  summary: { method: string; path: string; body: unknown; batch?: { index: number } };
  target: { objectId?: string } | null;
  before: unknown;
}
const rowsOf = (requestId: string | null) =>
  bff.sql.query<Row>(
    `SELECT result, status, action, summary, target, before FROM audit_log WHERE request_id = $1 ORDER BY id`,
    [requestId],
  );

describe('a write whose outcome is unknown', () => {
  it('a batch of PUTs that times out: 504, every write applied, each audited as unknown with its request', async () => {
    const ids = await notes(300);
    mode = 'hold';
    pendingOnArrival = [];
    const c = await asDev();
    const r = await c.call('POST', '/api/apps/default/1.1/batch', {
      requests: ids.map((id, i) => ({
        method: 'PUT',
        path: `/1.1/classes/Note/${id}`,
        body: { n: 1000 + i },
      })),
    });
    mode = 'pass';
    expect(r.status, r.text).toBe(504);
    expect(r.json.message).toMatch(/not known/);
    const stored = await masterCall(
      upstream,
      'GET',
      '/1.1/classes/Note?limit=1000&where={"n":{"$gte":1000}}&count=1',
    );
    expect(stored.count).toBe(300);
    // Written before the batch was sent, one per element.
    expect(pendingOnArrival).toEqual([300]);
    const rows = await rowsOf(r.headers.get('x-request-id'));
    expect(rows).toHaveLength(300);
    for (const [i, row] of rows.entries()) {
      expect(row).toMatchObject({
        result: 'unknown',
        status: 504,
        action: 'object.update',
        summary: { method: 'PUT', body: { n: 1000 + i }, batch: { index: i } },
        target: { objectId: ids[i] },
        before: { n: i },
      });
    }
  });

  it('one PUT that times out, and one whose connection drops, are audited as unknown', async () => {
    const [a, b] = await notes(2);
    const c = await asDev();
    for (const [m, id, status] of [
      ['hold', a, 504],
      ['drop', b, 502],
    ] as const) {
      mode = m;
      pendingOnArrival = [];
      const r = await c.call('PUT', `/api/apps/default/1.1/classes/Note/${id}`, { title: m });
      mode = 'pass';
      expect(r.status, r.text).toBe(status);
      expect(pendingOnArrival).toEqual([1]);
      expect(await masterCall(upstream, 'GET', `/1.1/classes/Note/${id}`)).toMatchObject({ title: m });
      expect(await rowsOf(r.headers.get('x-request-id'))).toMatchObject([
        {
          result: 'unknown',
          status,
          action: 'object.update',
          summary: { method: 'PUT', body: { title: m } },
        },
      ]);
    }
  });

  it('a write that succeeds or that the app refuses is completed as ok or error, nothing left pending', async () => {
    const [id] = await notes(1);
    const c = await asDev();
    const ok = await c.call('PUT', `/api/apps/default/1.1/classes/Note/${id}`, { title: 'fine' });
    expect(ok.status).toBe(200);
    expect(await rowsOf(ok.headers.get('x-request-id'))).toMatchObject([
      { result: 'ok', status: 200, before: { n: 0 } },
    ]);
    const bad = await c.call('PUT', `/api/apps/default/1.1/classes/Note/${id}`, { n: { __op: 'Nope' } });
    expect(bad.status).toBe(400);
    expect(await rowsOf(bad.headers.get('x-request-id'))).toMatchObject([{ result: 'error', status: 400 }]);
    expect(await bff.sql.query(`SELECT id FROM audit_log WHERE result = 'pending'`)).toEqual([]);
  });

  it('a completed entry cannot be changed, nor a pending one rewritten as someone else', async () => {
    const [row] = await bff.sql.query<{ id: string }>(`SELECT id::text AS id FROM audit_log LIMIT 1`);
    await expect(
      bff.sql.query(`UPDATE audit_log SET result = 'ok' WHERE id = $1`, [row?.id]),
    ).rejects.toThrow(/append-only/);
    await bff.sql.query(`INSERT INTO audit_log (action, result, actor_email) VALUES ('t', 'pending', 'a@x')`);
    await expect(
      bff.sql.query(`UPDATE audit_log SET result = 'ok', actor_email = 'b@x' WHERE action = 't'`),
    ).rejects.toThrow(/append-only/);
    await expect(bff.sql.query(`DELETE FROM audit_log WHERE action = 't'`)).rejects.toThrow(/append-only/);
  });
});
