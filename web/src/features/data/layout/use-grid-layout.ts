import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GridLayout, GridLayoutResponse } from '@switchboard/shared';
import { gridLayoutQueryOptions, layoutKeys, putGridLayout } from './api';

/** Changes come in bursts (dragging a width, several clicks); one PUT follows the last of them. */
export const LAYOUT_SAVE_DELAY_MS = 600;

export interface UseGridLayout {
  /** The saved layout, with the user's latest changes already in it; null when never arranged. */
  layout: GridLayout | null;
  setLayout: (layout: GridLayout) => void;
  isPending: boolean;
  /** The last failure to load or to save (a failed save is rolled back to the server's layout). */
  error: Error | null;
}

/**
 * The signed-in user's grid layout of a class, remembered by the console server. A change shows
 * at once (written into the query cache) and is saved after a short pause; leaving the page
 * saves a change still waiting.
 */
export function useGridLayout(app: string, className: string): UseGridLayout {
  const queryClient = useQueryClient();
  const query = useQuery(gridLayoutQueryOptions(app, className));
  const pending = useRef<{ layout: GridLayout; timer: ReturnType<typeof setTimeout> } | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);

  const save = useCallback(
    (layout: GridLayout) => {
      putGridLayout(app, className, layout).then(
        () => setFailure(null),
        (e: unknown) => {
          setFailure(e instanceof Error ? e : new Error(String(e)));
          void queryClient.invalidateQueries({ queryKey: layoutKeys.of(app, className) });
        },
      );
    },
    [app, className, queryClient],
  );

  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    save(waiting.layout);
  }, [save]);

  // Another class, or leaving the page: what is waiting is saved now, for the class it was for.
  useEffect(() => flush, [flush]);

  const setLayout = useCallback(
    (layout: GridLayout) => {
      const k = layoutKeys.of(app, className);
      void queryClient.cancelQueries({ queryKey: k });
      queryClient.setQueryData<GridLayoutResponse>(k, { layout });
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { layout, timer: setTimeout(flush, LAYOUT_SAVE_DELAY_MS) };
    },
    [app, className, queryClient, flush],
  );

  return {
    layout: query.data?.layout ?? null,
    setLayout,
    isPending: query.isPending,
    error: query.error ?? failure,
  };
}
