import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** How far a live copy got in one class: the scan cursor after the last page written, or done. */
export interface ClassCheckpoint {
  cursor?: string;
  done?: boolean;
}

/**
 * The progress of a live copy, kept in a file after every written batch: a rerun continues from the
 * saved scan cursor. A cursor expires after ten minutes (and the scan API refuses a condition on
 * its scan key, so there is no resuming "after this objectId"): then the class is scanned again
 * from its start, which re-sends pages already written and changes nothing (upserts), so nothing
 * is duplicated or lost either way.
 */
export class Checkpoint {
  private state: { source: string; classes: Record<string, ClassCheckpoint> };

  constructor(
    private readonly file: string,
    source: string,
  ) {
    const saved = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as {
          source: string;
          classes: Record<string, ClassCheckpoint>;
        })
      : undefined;
    this.state = saved?.source === source ? saved : { source, classes: {} };
  }

  get(className: string): ClassCheckpoint {
    return this.state.classes[className] ?? {};
  }

  set(className: string, c: ClassCheckpoint): void {
    this.state.classes[className] = c;
    // Written aside then renamed, so an interruption never leaves half a file.
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.state, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
  }
}
