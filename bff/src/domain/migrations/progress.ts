import type { MigrationClass } from '@switchboard/shared';
import type { ClassReport, ImportReport } from '@switchboard/migrate';
import type { Progress } from './store';

const entry = (name: string, total: number | null): MigrationClass => ({
  name,
  read: 0,
  written: 0,
  skipped: 0,
  failed: 0,
  total,
  done: false,
  failures: [],
});

const add = (base: MigrationClass | undefined, r: ClassReport): Omit<MigrationClass, 'total' | 'done'> =>
  base
    ? {
        name: r.name,
        // The engine counts a resumed class's reads on from its checkpoint, so pages sent again
        // count once; a class this attempt has not read (finished before) keeps the earlier count.
        read: r.read > 0 ? r.read : base.read,
        written: base.written + r.written,
        skipped: base.skipped + r.skipped,
        failed: base.failed + r.failed,
        failures: [...base.failures, ...r.failures].slice(0, 50),
      }
    : {
        name: r.name,
        read: r.read,
        written: r.written,
        skipped: r.skipped,
        failed: r.failed,
        failures: r.failures,
      };

/**
 * The report of a run as it goes, class by class. A resumed live copy continues from its
 * checkpoints, so what this run writes, skips and fails is added to what the earlier attempts
 * counted (`base`), and `read` goes on from the checkpoint; a rerun of an upload starts afresh.
 */
export class RunProgress {
  private readonly classes = new Map<string, MigrationClass>();
  private readonly base: Map<string, MigrationClass>;
  private ignoredFiles: Progress['ignoredFiles'] = [];
  private current: string | undefined;
  private readonly started = Date.now();
  private readAtStart = 0;

  constructor(previous: MigrationClass[] = []) {
    this.base = new Map(previous.map((c) => [c.name, c]));
    for (const c of previous) this.classes.set(c.name, { ...c });
  }

  /** The live copy's counts, known before its first page: what the estimate rests on. */
  setTotals(totals: Map<string, number>): void {
    for (const [name, total] of totals) {
      const prior = this.classes.get(name);
      this.classes.set(
        name,
        prior ? { ...prior, total: Math.max(total, prior.read), done: false } : entry(name, total),
      );
    }
    this.readAtStart = this.knownRead();
  }

  /** The class the engine is working on; the one before it is finished. */
  update(r: ClassReport): void {
    if (this.current !== undefined && this.current !== r.name) {
      const prev = this.classes.get(this.current);
      if (prev) prev.done = true;
    }
    this.current = r.name;
    const prior = this.classes.get(r.name);
    this.classes.set(r.name, { ...add(this.base.get(r.name), r), total: prior?.total ?? null, done: false });
  }

  /** A class the live copy's checkpoint marks finished. */
  markDone(name: string): void {
    const c = this.classes.get(name);
    if (c) c.done = true;
  }

  /** The engine's final report: every class in it is finished. */
  finish(report: ImportReport): void {
    for (const r of report.classes) {
      const prior = this.classes.get(r.name);
      const sum = add(this.base.get(r.name), r);
      this.classes.set(r.name, { ...sum, total: prior?.total ?? null, done: true });
    }
    this.ignoredFiles = report.ignoredFiles.map((f) => ({
      path: f.path.split(/[\\/]/).pop() ?? f.path,
      reason: f.reason,
    }));
    this.current = undefined;
  }

  private knownRead(): number {
    let n = 0;
    for (const c of this.classes.values()) if (c.total !== null) n += Math.min(c.read, c.total);
    return n;
  }

  /** Seconds left at the rate of this attempt so far, over the classes whose totals are known. */
  eta(): number | null {
    let total = 0;
    let any = false;
    for (const c of this.classes.values())
      if (c.total !== null) {
        total += c.total;
        any = true;
      }
    if (!any) return null;
    const read = this.knownRead();
    const rate = (read - this.readAtStart) / Math.max(1, Date.now() - this.started);
    if (rate <= 0) return null;
    return Math.round(Math.max(0, total - read) / rate / 1000);
  }

  snapshot(): Progress {
    return { classes: [...this.classes.values()], ignoredFiles: this.ignoredFiles, etaSeconds: this.eta() };
  }
}
