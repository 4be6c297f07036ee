/**
 * The peer benchmark's work on one server: the bulk load, then each measurement as a closed loop
 * of `connections` concurrent requests for a fixed time after a warm-up, every answer checked so a
 * fast wrong one cannot count. Server CPU comes from /proc of its process, database CPU from its
 * backends (db-cpu.ts).
 */
import { performance } from 'node:perf_hooks';
import { GROUP_SIZE, groupCount, makeObject, makeWriteObject, rng } from './data';
import { batchCreate, checkBatch, getById, groupCountQuery, groupQuery } from './bench-requests';
import type { BenchRequest } from './bench-requests';
import type { DbCpu } from './db-cpu';
import type { ApiClient } from './http-client';
import type { PeerServer } from './peer-servers';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface PeerMeasurement {
  key: string;
  label: string;
  next: () => BenchRequest;
}

export interface PeerFigures {
  latency: Summary;
  requestsPerSecond: number;
  /** CPU ms of the server process per request. */
  serverCpuMs: number;
  /** CPU ms of the server's database backends per request. */
  dbCpuMs: number;
}

/** Loads `total` objects in batches with `loaders` concurrent requests; returns their ids and the rate. */
export async function bulkLoad(
  server: PeerServer,
  client: ApiClient,
  total: number,
  opts: { batchSize: number; loaders: number; seed: number },
): Promise<{ ids: string[]; objectsPerSecond: number; seconds: number }> {
  const ids = new Array<string>(total);
  const chunks = Math.ceil(total / opts.batchSize);
  let next = 0;
  const started = performance.now();
  const send = async (chunk: number) => {
    const from = chunk * opts.batchSize;
    const to = Math.min(total, from + opts.batchSize);
    const rand = rng(opts.seed * 1_000_003 + chunk);
    const requests = [];
    for (let i = from; i < to; i++)
      requests.push({ method: 'POST', path: server.batchClassPath, body: makeObject(i, total, rand) });
    const res = await client.send<{ success?: { objectId: string } }[]>(
      'POST',
      server.batchPath,
      { requests },
      { timeoutMs: 10 * 60_000 },
    );
    checkBatch(res.body, to - from);
    res.body.forEach((el, k) => (ids[from + k] = el.success?.objectId ?? ''));
  };
  const loader = async () => {
    for (let chunk = next++; chunk < chunks; chunk = next++) await send(chunk);
  };
  // The first batch alone: it creates the class, which a server may not do safely from many requests at once.
  next = 1;
  await send(0);
  await Promise.all(Array.from({ length: Math.min(opts.loaders, chunks) }, loader));
  const seconds = (performance.now() - started) / 1000;
  return { ids, objectsPerSecond: total / seconds, seconds };
}

export const MEASUREMENT_KEYS = ['get', 'eqIndexed', 'countIndexed', 'batch100'];

export function peerMeasurements(server: PeerServer, ids: string[], seed: number): PeerMeasurement[] {
  const total = ids.length;
  const groups = groupCount(total);
  const rand = rng(seed * 7919 + 17);
  const pick = (n: number) => Math.floor(rand() * n);
  const writeRand = rng(seed * 104_729 + 3);
  let written = 0;
  const base = server.classPath;
  return [
    {
      key: 'get',
      label: 'get by id',
      next: () => getById(base, ids[pick(total)] ?? ''),
    },
    {
      key: 'eqIndexed',
      label: `indexed equality (${GROUP_SIZE})`,
      next: () => groupQuery(base, `g${pick(groups)}`),
    },
    {
      key: 'countIndexed',
      label: 'count, indexed equality',
      next: () => groupCountQuery(base, `g${pick(groups)}`),
    },
    {
      key: 'batch100',
      label: 'batch of 100 creates',
      next: () =>
        batchCreate(
          server.batchPath,
          server.batchClassPath,
          Array.from({ length: 100 }, () => makeWriteObject(written++, writeRand)),
        ),
    },
  ];
}

/** `connections` loops sending m's requests back to back until `ms` has passed. */
async function loop(
  client: ApiClient,
  m: PeerMeasurement,
  connections: number,
  ms: number,
  latencies?: number[],
) {
  const end = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < end) {
      const req = m.next();
      const res = await client.send(req.method, req.path, req.body);
      req.check(res.body);
      latencies?.push(res.ms);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
}

export async function measure(
  server: PeerServer,
  client: ApiClient,
  dbCpu: DbCpu,
  m: PeerMeasurement,
  opts: { connections: number; seconds: number; warmupSeconds: number },
): Promise<PeerFigures> {
  await loop(client, m, opts.connections, opts.warmupSeconds * 1000);
  const latencies: number[] = [];
  const cpu0 = server.handle.cpuMs() ?? NaN;
  const db0 = await dbCpu.snapshot();
  const t0 = performance.now();
  await loop(client, m, opts.connections, opts.seconds * 1000, latencies);
  const seconds = (performance.now() - t0) / 1000;
  const serverMs = (server.handle.cpuMs() ?? NaN) - cpu0;
  const dbMs = await dbCpu.since(db0);
  const n = latencies.length;
  return {
    latency: summarize(latencies),
    requestsPerSecond: n / seconds,
    serverCpuMs: serverMs / n,
    dbCpuMs: dbMs / n,
  };
}
