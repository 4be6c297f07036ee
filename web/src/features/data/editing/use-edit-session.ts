import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getObject, sendBatch, updateIfUnchanged } from './api';
import { patchCachedRow, refreshClass } from './cache';
import { elementOutcome, isConditionFailed } from './conditional';
import { conflictOf, rebased } from './conflict';
import type { Conflict } from './conflict';
import {
  editsOfRow,
  loadQueue,
  queueBatch,
  queueStorageKey,
  rowBody,
  settleBatch,
  storeQueue,
  upsertEdit,
  withoutRows,
} from './queue';
import type { PendingEdit, RowFailure } from './queue';

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The edits of one class page: saved at once, or queued for review (kept in sessionStorage so a
 * refresh loses nothing). Every save is conditional on the row's version; a 305 opens a conflict
 * for the operator to settle instead of overwriting anyone.
 */
export function useEditSession(app: string, className: string) {
  const queryClient = useQueryClient();
  const key = queueStorageKey(app, className);
  const [state, setState] = useState(() => ({ key, pending: loadQueue(storage(), key) }));
  const [review, setReview] = useState(() => storage()?.getItem(`${key}.review`) === '1');
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [failures, setFailures] = useState<RowFailure[]>([]);
  const [busy, setBusy] = useState(false);

  // Another class: its own queue (the page component stays mounted across classes).
  const current = state.key === key ? state : { key, pending: loadQueue(storage(), key) };
  if (current !== state) setState(current);
  const pending = current.pending;
  const setPending = useCallback(
    (update: (edits: PendingEdit[]) => PendingEdit[]) =>
      setState((s) => ({ key: s.key, pending: update(s.pending) })),
    [],
  );

  useEffect(() => storeQueue(storage(), state.key, state.pending), [state]);

  const toggleReview = (on: boolean) => {
    setReview(on);
    try {
      storage()?.setItem(`${key}.review`, on ? '1' : '0');
    } catch {
      // Not remembered; the toggle still applies now.
    }
  };

  const saved = (objectId: string, edits: readonly PendingEdit[], updatedAt: string | undefined) => {
    const patch = Object.fromEntries(edits.map((e) => [e.field, e.value]));
    patchCachedRow(queryClient, app, className, objectId, updatedAt ? { ...patch, updatedAt } : patch);
  };

  const openConflict = async (objectId: string, edits: readonly PendingEdit[]) => {
    const now = await getObject(app, className, objectId);
    setConflicts((list) => [...list.filter((c) => c.objectId !== objectId), conflictOf(edits, now)]);
  };

  /** One row's edits as one conditional PUT. */
  const saveRow = async (objectId: string, edits: PendingEdit[]) => {
    try {
      const answer = await updateIfUnchanged(app, className, objectId, edits[0]!.updatedAt, rowBody(edits));
      saved(objectId, edits, answer.updatedAt);
      setPending((list) => withoutRows(list, [objectId]));
      void refreshClass(queryClient, app, className);
    } catch (error) {
      if (!isConditionFailed(error)) {
        // Kept as pending changes, so what was typed can be saved again once the cause is fixed.
        setPending((list) => edits.reduce(upsertEdit, list));
        setFailures((list) => [...list, { objectId, code: 0, error: messageOf(error) }]);
        return;
      }
      await openConflict(objectId, edits).catch((e: unknown) =>
        setFailures((list) => [...list, { objectId, code: 0, error: messageOf(e) }]),
      );
    }
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const submit = (edit: PendingEdit) => {
    if (review) setPending((list) => upsertEdit(list, edit));
    else void run(() => saveRow(edit.objectId, [edit]));
  };

  const saveAll = () =>
    run(async () => {
      setFailures([]);
      const { rows, requests } = queueBatch(className, pending);
      if (rows.length === 0) return;
      let answers;
      try {
        answers = await sendBatch(app, requests);
      } catch (error) {
        setFailures(rows.map((objectId) => ({ objectId, code: 0, error: messageOf(error) })));
        return;
      }
      const outcomes = answers.map(elementOutcome);
      const result = settleBatch(pending, rows, outcomes);
      rows.forEach((objectId, i) => {
        const outcome = outcomes[i];
        if (outcome?.kind === 'saved') saved(objectId, editsOfRow(pending, objectId), outcome.updatedAt);
      });
      setPending(() => result.remaining);
      setFailures(result.failures);
      for (const objectId of result.conflicts) {
        await openConflict(objectId, editsOfRow(pending, objectId)).catch((e: unknown) =>
          setFailures((list) => [...list, { objectId, code: 0, error: messageOf(e) }]),
        );
      }
      void refreshClass(queryClient, app, className);
    });

  const resolveConflict = (choice: 'overwrite' | 'theirs' | 'cancel') => {
    const conflict = conflicts[0];
    if (!conflict) return;
    setConflicts((list) => list.slice(1));
    if (choice === 'overwrite') {
      void run(() => saveRow(conflict.objectId, rebased(conflict)));
    } else if (choice === 'theirs') {
      setPending((list) => withoutRows(list, [conflict.objectId]));
      patchCachedRow(queryClient, app, className, conflict.objectId, conflict.current);
    } else {
      // Nothing typed is lost: the edits wait in the queue, against the version just read.
      setPending((list) => rebased(conflict).reduce(upsertEdit, withoutRows(list, [conflict.objectId])));
      toggleReview(true);
    }
  };

  return {
    pending,
    review,
    setReview: toggleReview,
    submit,
    saveAll,
    discard: () => setPending(() => []),
    conflict: conflicts[0],
    resolveConflict,
    failures,
    clearFailures: () => setFailures([]),
    busy,
  };
}

export type EditSession = ReturnType<typeof useEditSession>;
