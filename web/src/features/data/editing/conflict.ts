import type { StoredObject } from '@switchboard/shared';
import { sameValue } from './conditional';
import type { PendingEdit } from './queue';

/** One field of a conflicting row: mine, the object's value now, and what I started from. */
export interface ConflictRow {
  field: string;
  mine: unknown;
  theirs: unknown;
  original: unknown;
  /** Someone else changed this very field (not only another field of the object). */
  theirsChanged: boolean;
}

export interface Conflict {
  objectId: string;
  edits: PendingEdit[];
  current: StoredObject;
  rows: ConflictRow[];
}

export function conflictOf(edits: readonly PendingEdit[], current: StoredObject): Conflict {
  const rows = edits.map((e) => ({
    field: e.field,
    mine: e.value,
    theirs: current[e.field],
    original: e.original,
    theirsChanged: !sameValue(current[e.field], e.original),
  }));
  return { objectId: current.objectId, edits: [...edits], current, rows };
}

/** "Overwrite with mine": the same edits, now conditional on the version just read. */
export const rebased = (conflict: Conflict): PendingEdit[] =>
  conflict.edits.map((e) => ({
    ...e,
    original: conflict.current[e.field],
    updatedAt: conflict.current.updatedAt,
  }));
