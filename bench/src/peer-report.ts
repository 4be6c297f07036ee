/** The peer benchmark's tables: one run, and the medians of all runs with Switchboard/Parse ratios. */
import type { PeerFigures } from './peer-run';
import type { PeerKind } from './peer-servers';

export interface PeerRun {
  server: PeerKind;
  label: string;
  run: number;
  loadObjectsPerSecond: number;
  bytesPerObject: number;
  figures: Record<string, PeerFigures>;
}

const LABELS: Record<string, string> = {
  get: 'get by id',
  eqIndexed: 'indexed equality (100)',
  countIndexed: 'count, indexed equality',
  batch100: 'batch of 100 creates',
};

const pad = (s: string, n: number) => s.padEnd(n);
const f = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function median(values: number[]): number {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

const HEAD = `${pad('', 26)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('req/s', 9)}${pad('server CPU ms/req', 19)}db CPU ms/req`;

function row(label: string, x: PeerFigures): string {
  return `${pad(label, 26)}${pad(f(x.latency.p50), 9)}${pad(f(x.latency.p99), 9)}${pad(f(x.requestsPerSecond, 0), 9)}${pad(f(x.serverCpuMs, 3), 19)}${f(x.dbCpuMs, 3)}`;
}

export function formatPeerRun(r: PeerRun): string {
  const lines = [`  ${HEAD}`];
  for (const [key, x] of Object.entries(r.figures)) lines.push(`  ${row(LABELS[key] ?? key, x)}`);
  lines.push(
    `  bulk load ${Math.round(r.loadObjectsPerSecond).toLocaleString('en-US')} objects/s; ${Math.round(r.bytesPerObject)} bytes per object (table, indexes, TOAST)`,
  );
  return lines.join('\n');
}

export function formatPeerSummary(runs: PeerRun[]): string {
  const of = (kind: PeerKind) => runs.filter((r) => r.server === kind);
  const med = (kind: PeerKind, pick: (r: PeerRun) => number) => median(of(kind).map(pick));
  const range = (kind: PeerKind, pick: (r: PeerRun) => number) => {
    const v = of(kind).map(pick).filter(Number.isFinite);
    return v.length ? `${f(Math.min(...v), 0)}-${f(Math.max(...v), 0)}` : '-';
  };
  const keys = Object.keys(runs[0]?.figures ?? {});
  const lines: string[] = [];
  for (const kind of ['switchboard', 'parse'] as const) {
    if (!of(kind).length) continue;
    lines.push(`${of(kind)[0]?.label ?? kind} (req/s range over runs in brackets)`, `  ${HEAD}`);
    for (const key of keys) {
      const pick = (g: (x: PeerFigures) => number) =>
        med(kind, (r) => (r.figures[key] ? g(r.figures[key]) : NaN));
      const x: PeerFigures = {
        latency: {
          n: 0,
          p50: pick((x) => x.latency.p50),
          p95: NaN,
          p99: pick((x) => x.latency.p99),
          mean: NaN,
          min: NaN,
          max: NaN,
        },
        requestsPerSecond: pick((x) => x.requestsPerSecond),
        serverCpuMs: pick((x) => x.serverCpuMs),
        dbCpuMs: pick((x) => x.dbCpuMs),
      };
      lines.push(
        `  ${row(LABELS[key] ?? key, x)} [${range(kind, (r) => r.figures[key]?.requestsPerSecond ?? NaN)}]`,
      );
    }
    lines.push(
      `  bulk load ${Math.round(med(kind, (r) => r.loadObjectsPerSecond)).toLocaleString('en-US')} objects/s [${range(kind, (r) => r.loadObjectsPerSecond)}]; ${Math.round(med(kind, (r) => r.bytesPerObject))} bytes per object`,
    );
  }
  if (of('switchboard').length && of('parse').length) {
    const ratio = (pick: (r: PeerRun) => number) => med('switchboard', pick) / med('parse', pick);
    lines.push('Switchboard / Parse Server (medians): throughput, db CPU per request');
    for (const key of keys) {
      lines.push(
        `  ${pad(LABELS[key] ?? key, 26)}${f(ratio((r) => r.figures[key]?.requestsPerSecond ?? NaN))}x throughput, ${f(ratio((r) => r.figures[key]?.dbCpuMs ?? NaN))}x db CPU`,
      );
    }
    lines.push(`  ${pad('bulk load', 26)}${f(ratio((r) => r.loadObjectsPerSecond))}x`);
    lines.push(`  ${pad('storage per object', 26)}${f(ratio((r) => r.bytesPerObject))}x`);
  }
  return lines.join('\n');
}
