/** The data browser benchmark's figures: summaries against the targets, and printed tables. */
import type { FirstRowsRun } from './grid-measure';
import type { ScrollMeasurement } from './grid-scroll';
import { fmt, table } from './report';
import { summarize } from './stats';
import type { Summary } from './stats';

/** From the click or the navigation's start to the first rows painted, at most (p50)... */
export const MAX_FIRST_ROWS_MS = 400;
/** ...and frames per second while scrolling, at least. */
export const MIN_FPS = 55;
const SLOW_FRAME_MS = 33;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const passMiss = (ok: boolean) => (ok ? 'PASS' : 'MISS');

export interface FirstRowsSummary {
  label: string;
  painted: Summary;
  domRow: Summary;
  nextFrame: Summary;
  /** The grid's objects request: its start and its response's end. */
  objectsStart: Summary;
  objectsEnd: Summary;
  pass: boolean;
}

export function summarizeFirstRows(label: string, runs: FirstRowsRun[]): FirstRowsSummary {
  const painted = summarize(runs.map((r) => r.paintedMs));
  return {
    label,
    painted,
    domRow: summarize(runs.map((r) => r.rowMs)),
    nextFrame: summarize(runs.map((r) => r.nextFrameMs)),
    objectsStart: summarize(runs.map((r) => r.objects?.startMs ?? NaN)),
    objectsEnd: summarize(runs.map((r) => r.objects?.endMs ?? NaN)),
    pass: painted.p50 <= MAX_FIRST_ROWS_MS,
  };
}

export interface ScrollSummary {
  pageSize?: number;
  runs: number;
  rowsScrolled: number;
  rowsOffered: number;
  stoppedAtEnd: boolean;
  seconds: number;
  frames: number;
  fps: number;
  frameMs: Summary;
  slowFrames: number;
  /** Frames with a placeholder row in view (its block still loading). */
  busyFrames: number;
  distinctRows: number;
  longTasks: number;
  /** The same page idle: frames per second and the median frame, ms. */
  idleFps: number;
  idleFrameP50: number;
  heapMb: ScrollMeasurement['heapMb'];
  pass: boolean;
}

/** Every run's frames pooled; rows scrolled and distinct rows are per run (the largest). */
export function summarizeScroll(m: ScrollMeasurement): ScrollSummary {
  const frames = m.runs.flatMap((r) => r.frames);
  const seconds = frames.reduce((a, b) => a + b, 0) / 1000;
  const fps = frames.length / seconds;
  return {
    ...(m.pageSize === undefined ? {} : { pageSize: m.pageSize }),
    runs: m.runs.length,
    rowsScrolled: Math.max(...m.runs.map((r) => r.rowsScrolled)),
    rowsOffered: Math.max(...m.runs.map((r) => r.rowsOffered)),
    stoppedAtEnd: m.runs.some((r) => r.stop === 'end'),
    seconds,
    frames: frames.length,
    fps,
    frameMs: summarize(frames),
    slowFrames: frames.filter((f) => f > SLOW_FRAME_MS).length,
    busyFrames: m.runs.reduce((a, r) => a + (r.busyFrames ?? 0), 0),
    distinctRows: Math.max(...m.runs.map((r) => r.distinctRows)),
    longTasks: m.runs.reduce((a, r) => a + r.longTasks, 0),
    idleFps: m.idleFrames.length / (m.idleFrames.reduce((a, b) => a + b, 0) / 1000),
    idleFrameP50: summarize(m.idleFrames).p50,
    heapMb: m.heapMb,
    pass: fps >= MIN_FPS,
  };
}

export function formatFirstRows(rows: FirstRowsSummary[]): string {
  const target = `p50 ≤ ${MAX_FIRST_ROWS_MS} ms`;
  const out = [
    [
      'first rows painted',
      'runs',
      'p50 ms',
      'max ms',
      'objects request p50',
      'DOM row p50',
      'next frame p50',
      target,
    ],
  ];
  for (const r of rows) {
    out.push([
      r.label,
      String(r.painted.n),
      fmt(r.painted.p50),
      fmt(r.painted.max),
      `${fmt(r.objectsStart.p50)} to ${fmt(r.objectsEnd.p50)}`,
      fmt(r.domRow.p50),
      fmt(r.nextFrame.p50),
      passMiss(r.pass),
    ]);
  }
  return table(out, ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'l']);
}

export function formatScroll(s: ScrollSummary, rowsAsked: number, rowsPerFrame: number): string {
  const f = s.frameMs;
  const heap = (n?: number) => (n === undefined ? '-' : `${fmt(n)} MB`);
  const lines = [
    table(
      [
        [
          'scrolling',
          'rows',
          's',
          'fps',
          'fps p50 / p5',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          `> ${SLOW_FRAME_MS} ms`,
          `fps ≥ ${MIN_FPS}`,
        ],
        [
          `${s.runs} runs, ${rowsPerFrame} rows/frame`,
          int(s.rowsScrolled),
          s.seconds.toFixed(1),
          s.fps.toFixed(1),
          `${(1000 / f.p50).toFixed(1)} / ${(1000 / f.p95).toFixed(1)}`,
          fmt(f.p50),
          fmt(f.p95),
          fmt(f.p99),
          int(s.slowFrames),
          passMiss(s.pass),
        ],
      ],
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
    `rows scrolled per run ${int(s.rowsScrolled)} of ${int(rowsAsked)} asked; ${int(s.frames)} frames in all; ` +
      `${int(s.distinctRows)} distinct rows rendered in a run; ${s.longTasks} long tasks (> 50 ms); ` +
      `${int(s.busyFrames)} frames showed a placeholder row (its block still loading); ` +
      'fps p50 / p5 = 1000 / the p50 / p95 frame time',
    `the same page idle for 2 s before scrolling: ${s.idleFps.toFixed(1)} fps, median frame ${fmt(s.idleFrameP50)} ms ` +
      '(what this browser gets on this machine right now without any work)',
    `page JS heap: ${heap(s.heapMb.before)} before scrolling (after a GC), ${heap(s.heapMb.after)} after, ${heap(s.heapMb.afterGc)} after a GC`,
  ];
  if (s.stoppedAtEnd) {
    lines.push(
      `NOTE: the grid does not offer ${int(rowsAsked)} rows to scroll: its scroll container ended at ` +
        `${int(s.rowsOffered)} rows${s.pageSize ? ` (it pages at ${int(s.pageSize)} rows, the largest page size)` : ''} ` +
        'and no more rows came within 2 s',
    );
  }
  return lines.join('\n');
}

/** The slowest API requests across runs, by method and path (each run makes the same ones). */
export function formatSlowRequests(title: string, runs: FirstRowsRun[], top = 6): string {
  const byKey = new Map<string, { starts: number[]; ms: number[]; status: Set<number> }>();
  for (const r of runs) {
    for (const q of r.requests) {
      const key = `${q.method} ${q.path}`;
      const e = byKey.get(key) ?? { starts: [], ms: [], status: new Set() };
      e.starts.push(q.startMs);
      e.ms.push(q.ms);
      e.status.add(q.status);
      byKey.set(key, e);
    }
  }
  const rows = [...byKey.entries()]
    .map(([key, e]) => ({ key, n: e.ms.length, ms: summarize(e.ms), start: summarize(e.starts), e }))
    .sort((a, b) => b.ms.p50 - a.ms.p50)
    .slice(0, top);
  if (rows.length === 0) return `${title}: no API requests recorded`;
  const short = (s: string) => (s.length > 120 ? `${s.slice(0, 117)}...` : s);
  return [
    `${title} (slowest first; started = ms after the click or navigation start):`,
    table(
      [
        ['request', 'n', 'status', 'started p50', 'took p50', 'took max'],
        ...rows.map((r) => [
          short(r.key),
          String(r.n),
          [...r.e.status].join(','),
          fmt(r.start.p50),
          fmt(r.ms.p50),
          fmt(r.ms.max),
        ]),
      ],
      ['l', 'r', 'l', 'r', 'r', 'r'],
    ),
  ].join('\n');
}
