/** The BFF benchmark's results and their printed tables. */
import type { BffBenchOptions } from './bff-options';
import type { CannonResult } from './cannon';
import type { DbKind } from './options';
import { fmt, table } from './report';

export const CLASS = 'BenchItem';
/** The BFF may add at most this much to the median latency... */
export const MAX_ADDED_P50_MS = 1;
/** ...and must keep at least this share of the direct throughput. */
export const MIN_RATIO = 0.85;

const int = (n: number) => Math.round(n).toLocaleString('en-US');

export interface Comparison {
  key: string;
  label: string;
  path: string;
  /** Response body bytes, directly and through the BFF. */
  bytes: { direct: number; bff: number };
  direct: Measured;
  bff: Measured;
  /** The bare Node proxy (--floor): what any extra hop costs. */
  floor?: Measured;
  addedP50Ms: number;
  /** BFF req/s over direct req/s. */
  ratio: number;
  latencyPass: boolean;
  throughputPass: boolean;
}

/** A measured run with the CPU time each process spent per 2xx response, ms. */
export interface Measured extends CannonResult {
  cpuMsPerRequest: { server?: number; bff?: number; client: number };
}

export interface BffRun {
  db: DbKind;
  dbLabel: string;
  objects: number;
  comparisons: Comparison[];
  serverPeakRssMb?: number;
  bffPeakRssMb?: number;
}

const passMiss = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export function formatRun(run: BffRun, opts: BffBenchOptions): string {
  const rows = [
    [
      'request',
      'direct p50',
      'direct p99',
      'BFF p50',
      'BFF p99',
      'added p50',
      'direct req/s',
      'BFF req/s',
      'BFF/direct',
      `added p50 ≤ ${MAX_ADDED_P50_MS} ms`,
      `ratio ≥ ${MIN_RATIO * 100}%`,
    ],
  ];
  for (const c of run.comparisons) {
    rows.push([
      c.label,
      fmt(c.direct.latency.p50),
      fmt(c.direct.latency.p99),
      fmt(c.bff.latency.p50),
      fmt(c.bff.latency.p99),
      `${c.addedP50Ms >= 0 ? '+' : ''}${c.addedP50Ms.toFixed(2)}`,
      int(c.direct.requestsPerSecond),
      int(c.bff.requestsPerSecond),
      `${(c.ratio * 100).toFixed(1)}%`,
      passMiss(c.latencyPass),
      passMiss(c.throughputPass),
    ]);
  }
  const cpu = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(3));
  const cpuRows = [['request', 'path', 'API server', 'BFF', 'client (autocannon)']];
  for (const c of run.comparisons) {
    for (const [path, m] of [
      ['direct', c.direct],
      ['through the BFF', c.bff],
    ] as const) {
      const p = m.cpuMsPerRequest;
      cpuRows.push([c.label, path, cpu(p.server), path === 'direct' ? '' : cpu(p.bff), cpu(p.client)]);
    }
  }
  const rss = [
    run.serverPeakRssMb === undefined ? undefined : `API server peak RSS ${int(run.serverPeakRssMb)} MB`,
    run.bffPeakRssMb === undefined ? undefined : `BFF peak RSS ${int(run.bffPeakRssMb)} MB`,
  ].filter(Boolean);
  return [
    `== ${run.dbLabel}, ${int(run.objects)} objects in ${CLASS}; ${opts.connections} connections, ` +
      `${opts.duration} s measured after ${opts.warmup} s warm-up; latencies in ms ==`,
    table(rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l']),
    'CPU time per request, ms (user + system, from /proc; the BFF idles during the direct runs):',
    table(cpuRows, ['l', 'l', 'r', 'r', 'r']),
    `response bytes: ${run.comparisons.map((c) => `${c.label} ${int(c.bytes.direct)} direct / ${int(c.bytes.bff)} BFF`).join(', ')}`,
    ...(rss.length ? [rss.join(', ')] : []),
    ...formatFloor(run.comparisons),
  ].join('\n');
}

/** The bare proxy's figures beside the direct ones: the floor any extra Node hop sets. */
function formatFloor(comparisons: Comparison[]): string[] {
  const rows = [['request', 'bare proxy p50', 'added p50', 'req/s', 'bare/direct', 'proxy CPU per request']];
  for (const c of comparisons) {
    if (!c.floor) continue;
    const added = c.floor.latency.p50 - c.direct.latency.p50;
    rows.push([
      c.label,
      fmt(c.floor.latency.p50),
      `${added >= 0 ? '+' : ''}${added.toFixed(2)}`,
      int(c.floor.requestsPerSecond),
      `${((c.floor.requestsPerSecond / c.direct.requestsPerSecond) * 100).toFixed(1)}%`,
      c.floor.cpuMsPerRequest.bff === undefined ? '-' : c.floor.cpuMsPerRequest.bff.toFixed(3),
    ]);
  }
  if (rows.length === 1) return [];
  return [
    'The cheapest Node proxy (no checks, keep-alive, master key added), on the same CPUs as the BFF:',
    table(rows, ['l', 'r', 'r', 'r', 'r', 'r']),
  ];
}
