import type { Migration, MigrationClass, MigrationStatus } from '@switchboard/shared';

/** Still moving: the page keeps asking for progress. */
export const isActive = (status: MigrationStatus): boolean => status === 'running';

/** A run that stopped before the end can go on from where it was. */
export const canResume = (status: MigrationStatus): boolean =>
  status === 'interrupted' || status === 'cancelled' || status === 'failed';

/** Resumable: stopped early, and (an upload) its kept file was not discarded. */
export const canResumeRun = (m: Pick<Migration, 'status' | 'uploadDiscarded'>): boolean =>
  canResume(m.status) && !m.uploadDiscarded;

/** An upload run that stopped early still holds its export on the console server's disk. */
export const canDiscardUpload = (m: Pick<Migration, 'kind' | 'status' | 'uploadDiscarded'>): boolean =>
  m.kind === 'files' && canResumeRun(m);

export const canCancel = isActive;

/** Objects one class has finished with, whatever the outcome. */
export const handled = (c: MigrationClass): number => c.written + c.skipped + c.failed;

/** A class's share done (0..1), or null when its total is unknown. */
export function classFraction(c: MigrationClass): number | null {
  if (c.done) return 1;
  if (c.total === null) return null;
  if (c.total === 0) return 1;
  return Math.min(1, handled(c) / c.total);
}

/**
 * The whole run's share done (0..1), or null while any unfinished class has no known total (a bar
 * would then lie). A finished run is complete whatever its counts say.
 */
export function overallFraction(m: Pick<Migration, 'status' | 'classes'>): number | null {
  if (m.status === 'succeeded') return 1;
  let done = 0;
  let total = 0;
  for (const c of m.classes) {
    if (c.done) {
      const size = Math.max(c.total ?? 0, handled(c));
      done += size;
      total += size;
      continue;
    }
    if (c.total === null) return null;
    done += Math.min(handled(c), c.total);
    total += c.total;
  }
  if (total === 0) return m.classes.length > 0 && m.classes.every((c) => c.done) ? 1 : null;
  return done / total;
}

export interface Totals {
  read: number;
  written: number;
  skipped: number;
  failed: number;
}

export function totals(classes: readonly MigrationClass[]): Totals {
  return classes.reduce<Totals>(
    (sum, c) => ({
      read: sum.read + c.read,
      written: sum.written + c.written,
      skipped: sum.skipped + c.skipped,
      failed: sum.failed + c.failed,
    }),
    { read: 0, written: 0, skipped: 0, failed: 0 },
  );
}

/**
 * A run that finished but left objects behind. Its status stays `succeeded` (every class was
 * gone through, nothing is left to resume), yet showing it as plainly finished would hide them.
 */
export const finishedWithFailures = (m: Pick<Migration, 'status' | 'classes'>): number =>
  m.status === 'succeeded' ? totals(m.classes).failed : 0;
