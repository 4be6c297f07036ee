import type { ImStats } from '@switchboard/shared';

export interface OnlinePoint {
  at: Date;
  /** null: no sample in this bucket (no server process was running). */
  count: number | null;
}

/**
 * Every bucket of the last 24 hours up to the newest one, oldest first, so gaps without samples
 * show as gaps instead of the line jumping across them.
 */
export function onlineSeries(stats: Pick<ImStats, 'online' | 'bucketMinutes'>, now: Date): OnlinePoint[] {
  const step = stats.bucketMinutes * 60_000;
  if (step <= 0) return [];
  const byTime = new Map(stats.online.map((p) => [Date.parse(p.at), p.count]));
  // The server's newest bucket wins over a browser clock running a little behind.
  const last = Math.max(now.getTime() - (now.getTime() % step), ...byTime.keys());
  const count = Math.round(86_400_000 / step);
  return Array.from({ length: count }, (_, i) => {
    const at = last - (count - 1 - i) * step;
    return { at: new Date(at), count: byTime.get(at) ?? null };
  });
}

/** The highest count of a series and when it was, for the chart's text alternative. */
export function peakOf(points: OnlinePoint[]): OnlinePoint | undefined {
  let best: OnlinePoint | undefined;
  for (const p of points) if (p.count !== null && (!best || p.count > (best.count ?? 0))) best = p;
  return best;
}

export const total = (days: ImStats['days'], key: 'users' | 'messages') =>
  days.reduce((sum, d) => sum + d[key], 0);

/** No message stored, no login and nobody seen online in the period. */
export const isQuiet = (s: ImStats) =>
  total(s.days, 'messages') === 0 && total(s.days, 'users') === 0 && s.online.every((p) => p.count === 0);
