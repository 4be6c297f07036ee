/** The printed tables and the JSON file of a benchmark. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { IndexResult, LoadResult } from './load';
import type { MeasurementResult } from './measurements';

export interface MachineFacts {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  platform: string;
  postgresVersion?: string;
  postgresSettings?: Record<string, string>;
  /** The server code measured: commit, and whether server/ or shared/ had uncommitted changes. */
  serverCommit?: string;
  serverTreeDirty?: boolean;
}

export interface RunResult {
  db: string;
  dbLabel: string;
  objects: number;
  load: Omit<LoadResult, 'ids'>;
  indexes: IndexResult[];
  measurements: MeasurementResult[];
  databaseBytes?: number;
  serverPeakRssMb?: number;
  /** The server code of this run (others may commit between runs). */
  serverCommit?: string;
  serverTreeDirty?: boolean;
}

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** The commit of the code about to run, and whether `folders` (server/, shared/) differ from it. */
export function serverCode(
  repoRoot: string,
  folders = ['server', 'shared'],
): { serverCommit?: string; serverTreeDirty?: boolean } {
  const commit = git(repoRoot, ['rev-parse', '--short', 'HEAD']);
  const dirty = git(repoRoot, ['status', '--porcelain', '--', ...folders]);
  return {
    ...(commit ? { serverCommit: commit } : {}),
    ...(dirty === undefined ? {} : { serverTreeDirty: dirty !== '' }),
  };
}

export function machineFacts(repoRoot: string): MachineFacts {
  const c = cpus();
  return {
    ...serverCode(repoRoot),
    cpus: c.length,
    cpuModel: c[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

export const fmt = (n: number) =>
  Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : n.toFixed(0)) : '-';
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${int(bytes / 2 ** 20)} MB`;

export function table(rows: string[][], align: ('l' | 'r')[]): string {
  const widths = align.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (align[c] === 'r' ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function formatRun(run: RunResult): string {
  const { load } = run;
  const lines = [
    `== ${run.dbLabel}, ${int(run.objects)} objects (server code ${run.serverCommit ?? '?'}${run.serverTreeDirty ? ' + uncommitted changes' : ''}) ==`,
    `load: ${int(load.objectsPerSecond)} objects/s (${int(load.objects)} in ${load.seconds.toFixed(1)} s; /1.1/batch of ${load.batchSize}, ${load.loaders} concurrent loaders; one batch p50 ${fmt(load.batchMs.p50)} ms, p99 ${fmt(load.batchMs.p99)} ms)`,
    `indexes: ${run.indexes.map((i) => `${i.name} ${i.seconds.toFixed(1)} s`).join(', ')}`,
  ];
  const facts = [
    run.databaseBytes === undefined ? undefined : `database ${mb(run.databaseBytes)}`,
    run.serverPeakRssMb === undefined ? undefined : `server peak RSS ${int(run.serverPeakRssMb)} MB`,
  ].filter(Boolean);
  if (facts.length) lines.push(facts.join(', '));
  const rows = [['request', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms', 'max ms', 'target', '']];
  for (const m of run.measurements) {
    const l = m.latency;
    rows.push([
      m.label,
      String(l.n),
      fmt(l.p50),
      fmt(l.p95),
      fmt(l.p99),
      fmt(l.mean),
      fmt(l.max),
      m.target ? `p50 ≤ ${m.target.p50Ms}` : '',
      m.target ? (m.pass ? 'PASS' : 'MISS') : '',
    ]);
  }
  lines.push(table(rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l', 'l']));
  return lines.join('\n');
}

/** One line per target across every run. */
export function formatSummary(runs: RunResult[]): string {
  const header = ['database', 'objects', 'load obj/s'];
  const keys: { key: string; label: string }[] = [];
  for (const r of runs)
    for (const m of r.measurements)
      if (m.target && !keys.some((k) => k.key === m.key)) keys.push({ key: m.key, label: m.label });
  const rows = [[...header, ...keys.map((k) => `${k.label} p50`)]];
  for (const r of runs) {
    rows.push([
      r.dbLabel,
      int(r.objects),
      int(r.load.objectsPerSecond),
      ...keys.map((k) => {
        const m = r.measurements.find((x) => x.key === k.key);
        return m ? `${fmt(m.latency.p50)} ${m.pass ? 'PASS' : 'MISS'}` : '-';
      }),
    ]);
  }
  return table(rows, ['l', 'r', 'r', ...keys.map(() => 'r' as const)]);
}

/** Writes the JSON to `file`, or to a new <timestamp>.json in dir; returns the file. */
export function writeJson(dir: string, payload: unknown, file?: string): string {
  mkdirSync(dir, { recursive: true });
  file ??= join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
  return file;
}
