/**
 * The realtime gateway at size, beside a bare `ws` relay (ws-floor.ts) measured in the same run on
 * the same machine: N concurrent connections speaking the protocol (a light client; the real SDK
 * for a sample), memory per connection, one-to-one delivery latency p50/p99, delivery to a
 * 500-member group (first and last member), and messages a second.
 *
 *   pnpm bench:realtime -- [--connections N] [--group G] [--samples S] [--db pglite|postgres]
 *
 * Defaults: 10,000 connections, a group of 500, 300 one-to-one samples. The server runs on PGlite
 * in memory, or on Postgres (a fresh schema on BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) with --db postgres. A second floor, store-floor.ts, times the statement that stores a message on its own:
 * a send is delivered once stored, so one-to-one latency is also shown beside it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import WebSocket from 'ws';
import { RawClient } from '../../server/src/realtime/raw-client';
import type { Command } from '../../server/src/realtime/proto/codec';
import { freePort, startChild, startServer } from './server-process';
import { storeFloor } from './store-floor';
import { createDatabase } from './databases';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('connections', 10_000);
const GROUP = arg('group', 500);
const SAMPLES = arg('samples', 300);
const SDK_SAMPLE = 20;
const DB_KIND = (() => {
  const i = process.argv.indexOf('--db');
  const v = i > 0 ? process.argv[i + 1] : 'pglite';
  if (v !== 'pglite' && v !== 'postgres')
    throw new Error(`--db: unknown database "${v}" (pglite or postgres)`);
  return v;
})();
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// The SDK is the server's test dependency; it is loaded from there.
const { Realtime } = createRequire(new URL('../../server/package.json', import.meta.url))(
  'leancloud-realtime',
) as {
  Realtime: new (o: Record<string, unknown>) => { createIMClient(id: string): Promise<SdkClient> };
};
interface SdkClient {
  id: string;
  on(event: 'message', fn: () => void): void;
  close(): Promise<void>;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? 0;
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; from < n; from += size)
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, n - from) }, (_, k) => fn(from + k)))),
    );
  return out;
}

interface Figures {
  mbPerConn: number;
  one: number[];
  groupFirst: number[];
  groupLast: number[];
  perSecond: number;
}

// ---- the floor: a bare ws relay ----
async function floor(): Promise<Figures> {
  const port = await freePort();
  const child = await startChild({
    name: 'the ws floor',
    entry: 'bench/src/ws-floor.ts',
    env: { ...process.env, PORT: String(port) },
    port,
    readyPath: '/',
  });
  try {
    const waiters = new Map<number, (d: Buffer) => void>();
    const conns = await inBatches(N, 250, async (i) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
      await new Promise((r, j) => ws.once('open', r).once('error', j));
      ws.on('message', (d: Buffer) => waiters.get(i)?.(d));
      const hello = Buffer.alloc(5);
      hello[0] = 1;
      hello.writeUInt32BE(i, 1);
      ws.send(hello);
      return ws;
    });
    await new Promise((r) => setTimeout(r, 1000));
    const mbPerConn = rssMb(child.pid) / N;
    const frame = (op: number, n: number) => {
      const b = Buffer.alloc(64);
      b[0] = op;
      b.writeUInt32BE(n, 1);
      return b;
    };
    const got = (i: number) => new Promise<number>((r) => waiters.set(i, () => r(performance.now())));
    const one: number[] = [];
    for (let s = 0; s < SAMPLES; s += 1) {
      const at = got(1);
      const t0 = performance.now();
      conns[0]!.send(frame(2, 1));
      one.push((await at) - t0);
    }
    const groupFirst: number[] = [];
    const groupLast: number[] = [];
    for (let s = 0; s < 30; s += 1) {
      const arrivals = Array.from({ length: GROUP - 1 }, (_, k) => got(k + 1));
      const t0 = performance.now();
      conns[0]!.send(frame(3, GROUP));
      const times = await Promise.all(arrivals);
      groupFirst.push(Math.min(...times) - t0);
      groupLast.push(Math.max(...times) - t0);
    }
    waiters.clear();
    const total = 5000;
    let received = 0;
    const done = new Promise<void>((r) => waiters.set(1, () => ++received === total && r()));
    const t0 = performance.now();
    for (let k = 0; k < total; k += 1) conns[0]!.send(frame(2, 1));
    await done;
    const perSecond = total / ((performance.now() - t0) / 1000);
    for (const ws of conns) ws.terminate();
    return { mbPerConn, one, groupFirst, groupLast, perSecond };
  } finally {
    await child.stop();
  }
}

// ---- the gateway ----
let totalMb = 0;
async function gateway(): Promise<Figures & { sdk: number }> {
  const db = createDatabase(DB_KIND, PG_URL, { memory: true });
  const server = await startServer(db.serverEnv);
  const { appId, appKey, masterKey } = server.keys;
  const url = `${server.baseUrl.replace(/^http/, 'ws')}/`;
  const rest = async (path: string, body: unknown) => {
    const r = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'X-LC-Id': appId, 'X-LC-Key': `${masterKey},master`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, unknown>;
  };
  try {
    const clients = await inBatches(N - SDK_SAMPLE, 100, async (i) => {
      const c = new RawClient(url);
      await c.opened;
      const opened = await c.call({ cmd: 'session', op: 'open', i: 1, peerId: `u${i}`, appId });
      if (opened.op !== 'opened') throw new Error(`login of u${i}: ${JSON.stringify(opened)}`);
      return c;
    });
    // A sample of the real SDK among them, in the same conversation as u0.
    const sdk = await inBatches(SDK_SAMPLE, 10, (k) =>
      new Realtime({ appId, appKey, RTMServers: url }).createIMClient(`sdk${k}`),
    );
    console.error('gateway: connections open');
    await new Promise((r) => setTimeout(r, 1000));
    // The whole process's resident memory over the connections: an upper bound (a delta from an
    // idle baseline is swamped by what start-up frees).
    const mbPerConn = rssMb(server.pid) / N;
    totalMb = rssMb(server.pid);

    // One-to-one: 10 pairs outside the group take turns, each sender within its command budget.
    const pairBase = GROUP + 40;
    const pairs1 = await Promise.all(
      Array.from({ length: 10 }, async (_, p) => ({
        from: clients[pairBase + 2 * p]!,
        peer: `u${pairBase + 2 * p}`,
        to: clients[pairBase + 2 * p + 1]!,
        cid: (
          await rest('/1.2/rtm/conversations', {
            name: `o${p}`,
            m: [`u${pairBase + 2 * p}`, `u${pairBase + 2 * p + 1}`],
          })
        ).objectId as string,
      })),
    );
    let serial = 10;
    const direct = (peerId: string, cid: string): Command => ({
      cmd: 'direct',
      i: ++serial,
      peerId,
      directMessage: { cid, msg: JSON.stringify({ _lctype: -1, _lctext: 'bench' }) },
    });
    const arrival = (c: RawClient) =>
      (async () => {
        for (;;) if ((await c.next()).cmd === 'direct') return performance.now();
      })();
    /** Sends and waits for `arrivals`; a refusal of the send fails the run instead of waiting forever. */
    const sendAndWait = async <T>(from: RawClient, cmd: Command, arrivals: Promise<T>): Promise<T> => {
      const ack = await from.call(cmd);
      if (ack.cmd !== 'ack') throw new Error(`send refused: ${JSON.stringify(ack)}`);
      return arrivals;
    };
    const u0 = clients[0]!;
    const one: number[] = [];
    for (let s = 0; s < SAMPLES; s += 1) {
      const p = pairs1[s % pairs1.length]!;
      const at = arrival(p.to);
      const t0 = performance.now();
      one.push((await sendAndWait(p.from, direct(p.peer, p.cid), at)) - t0);
    }
    console.error('gateway: one-to-one measured');
    const members = [
      ...Array.from({ length: GROUP - SDK_SAMPLE }, (_, k) => `u${k}`),
      ...sdk.map((c) => c.id),
    ];
    const group = (await rest('/1.2/rtm/conversations', { name: 'group', m: members })).objectId as string;
    const groupFirst: number[] = [];
    const groupLast: number[] = [];
    let sdkGot = 0;
    for (const c of sdk) c.on('message', () => (sdkGot += 1));
    for (let s = 0; s < 30; s += 1) {
      const arrivals = clients.slice(1, GROUP - SDK_SAMPLE).map(arrival);
      const t0 = performance.now();
      const times = await sendAndWait(u0, direct('u0', group), Promise.all(arrivals));
      groupFirst.push(Math.min(...times) - t0);
      groupLast.push(Math.max(...times) - t0);
    }
    console.error('gateway: group measured');
    // Messages a second: 1,800 sends over 20 pairs, each sender waiting for its ack (needs
    // connections >= group + 40 + the SDK sample).
    const pairs = 20;
    const per = 90;
    // Clients outside the group, so the group's members do not queue these deliveries.
    const base = GROUP;
    const convs = await Promise.all(
      Array.from(
        { length: pairs },
        async (_, p) =>
          (
            await rest('/1.2/rtm/conversations', {
              name: `p${p}`,
              m: [`u${base + 2 * p}`, `u${base + 1 + 2 * p}`],
            })
          ).objectId as string,
      ),
    );
    const t0 = performance.now();
    await Promise.all(
      convs.map(async (cid, p) => {
        const from = clients[base + 2 * p]!;
        for (let k = 0; k < per; k += 1) {
          const ack = await from.call(direct(`u${base + 2 * p}`, cid));
          if (ack.cmd !== 'ack') throw new Error(`send refused: ${JSON.stringify(ack)}`);
        }
      }),
    );
    const perSecond = (pairs * per) / ((performance.now() - t0) / 1000);
    await new Promise((r) => setTimeout(r, 500));
    for (const c of clients) c.ws.terminate();
    await Promise.allSettled(sdk.map((c) => c.close()));
    return { mbPerConn, one, groupFirst, groupLast, perSecond, sdk: sdkGot };
  } finally {
    await server.stop();
    await db.dispose(false);
  }
}

function row(name: string, ours: number, base: number, unit = 'ms'): string {
  const f = (x: number) => (unit === 'ms' ? ms(x) : `${x.toFixed(unit === 'MB' ? 3 : 0)} ${unit}`);
  return `  ${name.padEnd(34)} ${f(ours).padStart(14)}   floor ${f(base).padStart(12)}   ratio ${(ours / base).toFixed(2)}`;
}

async function main(): Promise<void> {
  console.log(
    `realtime: ${N.toLocaleString('en')} connections, group of ${GROUP}, ${SAMPLES} one-to-one samples, on ${DB_KIND === 'postgres' ? 'Postgres' : 'PGlite in memory'}`,
  );
  const f = await floor();
  console.error('floor measured');
  const store = await storeFloor(SAMPLES, DB_KIND === 'postgres' ? PG_URL : undefined);
  console.error('store floor measured');
  const g = await gateway();
  console.log(row('memory per connection (RSS / N)', g.mbPerConn * 1024, f.mbPerConn * 1024, 'KB'));
  console.log(
    `  (gateway process RSS with ${N.toLocaleString('en')} connections open: ${totalMb.toFixed(0)} MB)`,
  );
  console.log(row('one-to-one p50', pct(g.one, 50), pct(f.one, 50)));
  console.log(row('one-to-one p99', pct(g.one, 99), pct(f.one, 99)));
  // The second floor: what storing the message costs the database alone, before any delivery.
  console.log(row('  beside storing alone, p50', pct(g.one, 50), pct(store, 50)));
  console.log(row('  beside storing alone, p99', pct(g.one, 99), pct(store, 99)));
  console.log(row(`group of ${GROUP}, first member p99`, pct(g.groupFirst, 99), pct(f.groupFirst, 99)));
  console.log(row(`group of ${GROUP}, last member p50`, pct(g.groupLast, 50), pct(f.groupLast, 50)));
  console.log(row(`group of ${GROUP}, last member p99`, pct(g.groupLast, 99), pct(f.groupLast, 99)));
  console.log(row('messages a second', g.perSecond, f.perSecond, 'msg/s'));
  console.log(
    `  SDK sample: ${SDK_SAMPLE} leancloud-realtime clients got ${g.sdk} group messages (30 each expected)`,
  );
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
