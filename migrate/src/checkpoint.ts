import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** How far a live copy got in one class: the scan cursor after the last page written, or done. */
export interface ClassCheckpoint {
  cursor?: string;
  /**
   * Objects of the class read up to `cursor`. A resumed copy counts on from it: the pages it
   * sends again (those after the cursor that were written before the copy stopped) then count
   * once, not once per attempt. Absent in checkpoints written before it was kept.
   */
  read?: number;
  done?: boolean;
}

/** Where a live copy keeps its progress: a file for `pnpm migrate`, a database row for the console. */
export interface CheckpointStore {
  get(className: string): ClassCheckpoint;
  /** Called after every written page and finished class; must not lose what it was given. */
  set(className: string, c: ClassCheckpoint): void;
}

/** The saved state of a live copy, tied to its source so another source starts afresh. */
export interface CheckpointState {
  source: string;
  classes: Record<string, ClassCheckpoint>;
}

/**
 * Progress held in memory, for a caller that persists `state` itself (the console writes it into
 * the run's row with its progress).
 */
export class MemoryCheckpoint implements CheckpointStore {
  readonly state: CheckpointState;

  constructor(source: string, saved?: CheckpointState | null) {
    this.state = saved?.source === source ? saved : { source, classes: {} };
  }

  get(className: string): ClassCheckpoint {
    return this.state.classes[className] ?? {};
  }

  set(className: string, c: ClassCheckpoint): void {
    this.state.classes[className] = c;
  }
}

/**
 * The progress of a live copy, kept in a file after every written batch: a rerun continues from the
 * saved scan cursor. A cursor expires after ten minutes (and the scan API refuses a condition on
 * its scan key, so there is no resuming "after this objectId"): then the class is scanned again
 * from its start, which re-sends pages already written and changes nothing (upserts), so nothing
 * is duplicated or lost either way.
 */
export class Checkpoint extends MemoryCheckpoint {
  constructor(
    private readonly file: string,
    source: string,
  ) {
    super(source, existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CheckpointState) : null);
  }

  override set(className: string, c: ClassCheckpoint): void {
    super.set(className, c);
    // Written aside then renamed, so an interruption never leaves half a file.
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.state, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
  }
}
