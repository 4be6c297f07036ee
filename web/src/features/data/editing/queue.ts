import { conditionalUpdate, fieldWrite, sameValue } from './conditional';
import type { BatchRequest, ElementOutcome } from './conditional';

/** One changed cell: the value typed, the value it replaces, and the row version it was read at. */
export interface PendingEdit {
  objectId: string;
  field: string;
  /** `undefined` removes the field. */
  value: unknown;
  original: unknown;
  updatedAt: string;
}

export const cellKey = (objectId: string, field: string): string => `${objectId}\u0000${field}`;

/**
 * Adds or replaces the edit of one cell. A second edit of the same cell keeps the first one's
 * original and version (what the operator saw before any change); an edit back to the original
 * is no change at all.
 */
export function upsertEdit(edits: readonly PendingEdit[], edit: PendingEdit): PendingEdit[] {
  const key = cellKey(edit.objectId, edit.field);
  const prior = edits.find((e) => cellKey(e.objectId, e.field) === key);
  const rest = edits.filter((e) => cellKey(e.objectId, e.field) !== key);
  const next = prior ? { ...edit, original: prior.original, updatedAt: prior.updatedAt } : edit;
  return sameValue(next.value, next.original) ? rest : [...rest, next];
}

export const editsOfRow = (edits: readonly PendingEdit[], objectId: string): PendingEdit[] =>
  edits.filter((e) => e.objectId === objectId);

export const withoutRows = (edits: readonly PendingEdit[], objectIds: Iterable<string>): PendingEdit[] => {
  const drop = new Set(objectIds);
  return edits.filter((e) => !drop.has(e.objectId));
};

/** The body of one row's update: every pending field of the row at once. */
export function rowBody(edits: readonly PendingEdit[]): Record<string, unknown> {
  return Object.fromEntries(edits.map((e) => [e.field, fieldWrite(e.value)]));
}

/** One conditional update per row, in the order the rows were first edited. */
export function queueBatch(className: string, edits: readonly PendingEdit[]) {
  const rows = [...new Set(edits.map((e) => e.objectId))];
  const requests: BatchRequest[] = rows.map((objectId) => {
    const own = editsOfRow(edits, objectId);
    return conditionalUpdate(className, objectId, own[0]!.updatedAt, rowBody(own));
  });
  return { rows, requests };
}

export interface RowFailure {
  objectId: string;
  code: number;
  error: string;
}

/** After a batch: what stays queued (conflicts and failures) and what to report. */
export function settleBatch(
  edits: readonly PendingEdit[],
  rows: readonly string[],
  outcomes: readonly ElementOutcome[],
) {
  const saved: string[] = [];
  const conflicts: string[] = [];
  const failures: RowFailure[] = [];
  rows.forEach((objectId, i) => {
    const outcome = outcomes[i] ?? { kind: 'failed', code: 0, error: 'No answer for this operation' };
    if (outcome.kind === 'saved') saved.push(objectId);
    else if (outcome.kind === 'conflict') conflicts.push(objectId);
    else failures.push({ objectId, code: outcome.code, error: outcome.error });
  });
  return { remaining: withoutRows(edits, saved), saved, conflicts, failures };
}

/** Where pending edits wait across a page refresh: per browser tab, per app and class. */
export const queueStorageKey = (app: string, className: string): string =>
  `switchboard.pendingEdits.${app}.${className}`;

function isEdit(v: unknown): v is PendingEdit {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e.objectId === 'string' && typeof e.field === 'string' && typeof e.updatedAt === 'string';
}

/** Stored edits; anything unreadable (storage off, a damaged entry) is an empty queue. */
export function loadQueue(storage: Storage | undefined, key: string): PendingEdit[] {
  try {
    const raw = storage?.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isEdit)
      .map(({ removed, ...edit }: PendingEdit & { removed?: boolean }) =>
        removed ? { ...edit, value: undefined } : edit,
      );
  } catch {
    return [];
  }
}

export function storeQueue(storage: Storage | undefined, key: string, edits: readonly PendingEdit[]): void {
  try {
    // JSON has no undefined: a removal is kept as an explicit marker and read back as one.
    if (edits.length === 0) storage?.removeItem(key);
    else
      storage?.setItem(
        key,
        JSON.stringify(edits.map((e) => (e.value === undefined ? { ...e, removed: true } : e))),
      );
  } catch {
    // Storage full or off: the edits stay in memory for this page.
  }
}
