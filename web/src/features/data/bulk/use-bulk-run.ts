import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refreshClass } from '../editing/cache';
import { countMatching, findObjectIds, sendBatch } from '../editing/api';
import type { BatchRequest } from '../editing/conditional';
import { runBulk } from './engine';
import type { BulkProgress, BulkResult } from './engine';
import { idsMatching, PAGE_SIZE } from './targets';

/** The objects a bulk action covers: the selected ones, or all those the filter matches. */
export type BulkTargets =
  { kind: 'ids'; ids: readonly string[] } | { kind: 'filter'; where: Record<string, unknown> };

/** Runs a bulk action with progress and a cancel that stops after the batch under way. */
export function useBulkRun(app: string, className: string) {
  const queryClient = useQueryClient();
  const cancelled = useRef(false);
  const [progress, setProgress] = useState<BulkProgress>();
  const [result, setResult] = useState<BulkResult>();

  const start = async (targets: BulkTargets, request: (objectId: string) => BatchRequest) => {
    cancelled.current = false;
    setResult(undefined);
    setProgress({ done: 0, failed: 0 });
    // A count that fails only costs the bar its percentage; the run itself does not need it.
    const total =
      targets.kind === 'ids'
        ? targets.ids.length
        : await countMatching(app, className, targets.where).catch(() => undefined);
    setProgress({ done: 0, failed: 0, total });
    const ids =
      targets.kind === 'ids'
        ? targets.ids
        : idsMatching(targets.where, (where) => findObjectIds(app, className, where, PAGE_SIZE));
    const outcome = await runBulk({
      ids,
      total,
      request,
      send: (requests) => sendBatch(app, requests),
      onProgress: setProgress,
      isCancelled: () => cancelled.current,
    });
    setResult(outcome);
  };

  return {
    start,
    cancel: () => {
      cancelled.current = true;
    },
    /**
     * Reloads the class's pages; called when the dialog closes, not when the run ends: the reload
     * can empty the page, which takes the grid and this dialog's summary away before it is read.
     */
    refresh: () => void refreshClass(queryClient, app, className),
    progress,
    result,
    running: progress !== undefined && result === undefined,
  };
}
