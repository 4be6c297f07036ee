import { useMemo, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoredObject } from '@switchboard/shared';
import { prefetchFirstBlock } from '../api/get-object-blocks';
import { objectsQueryOptions } from '../api/get-objects';
import type { ObjectsQuery } from '../api/keys';
import { useObjectsTotal } from '../api/use-objects-total';
import type { GridMode } from '../utils/grid-mode';
import { MAX_SCROLL_ROWS, scrollRowCount } from './blocks';
import type { BlockBase } from './blocks';
import { useObjectBlocks } from './use-object-blocks';
import { createRangeStore, fromCoarse } from './range-store';

/**
 * The grid's rows in either mode: one page (`pages`), or the whole result loaded block by block as
 * it scrolls into view (`scroll`). The count is asked for once the first rows are there, so it
 * never delays them.
 */
export function useGridRows(app: string, className: string, query: ObjectsQuery, mode: GridMode) {
  const scrolling = mode.kind === 'scroll';
  const queryClient = useQueryClient();
  const base = useMemo<BlockBase>(
    () => ({ order: query.order, where: query.where, keys: query.keys, include: query.include }),
    [query.order, query.where, query.keys, query.include],
  );
  const sort = mode.kind === 'scroll' ? mode.sort : undefined;
  const baseKey = `${className}\n${JSON.stringify(base)}`;
  const [shown, setShown] = useState<string>();
  // The first rows are asked for while the page renders, not once it has mounted: on a busy
  // browser that render is a good part of the wait for them. (The query below then finds the
  // request under way instead of sending its own.)
  if (scrolling && shown !== baseKey) prefetchFirstBlock(queryClient, app, className, base, sort);
  const page = useQuery({ ...objectsQueryOptions(app, className, query), enabled: !scrolling });
  const [store] = useState(createRangeStore);
  const coarse = useSyncExternalStore(store.subscribe, store.coarse);
  const range = useMemo(() => fromCoarse(coarse), [coarse]);
  const [rowCount, setRowCount] = useState(0);
  const blocks = useObjectBlocks(app, className, base, sort, range, rowCount, scrolling);
  // Once the grid shows, it stays while blocks (even the first, dropped from the cache and asked
  // for again) load; only another query starts from the loading state again.
  if (scrolling && blocks.firstSettled && !blocks.error && shown !== baseKey) setShown(baseKey);
  const ready = (shown === baseKey || blocks.firstSettled) && !blocks.error;
  const firstRows = scrolling ? ready : page.isSuccess && !page.isPlaceholderData;
  const { total, estimate } = useObjectsTotal(app, className, query.where, firstRows);
  const count = scrollRowCount(total, estimate, blocks.loadedEnd, blocks.knownEnd);
  // The count feeds back into which blocks are wanted; keeping it in state avoids a render loop.
  if (scrolling && count !== rowCount) setRowCount(count);

  if (!scrolling) {
    return {
      rows: page.data?.results,
      error: page.error,
      refetch: () => void page.refetch(),
      isFetching: page.isFetching,
      total,
      estimate,
      empty: page.data?.results.length === 0,
      scroll: undefined,
    };
  }
  const exact = blocks.knownEnd ?? total;
  const rows: StoredObject[] | undefined = ready ? blocks.loaded : undefined;
  return {
    rows,
    error: blocks.error,
    refetch: blocks.refetch,
    isFetching: blocks.isFetching,
    total: exact,
    estimate: exact === undefined ? estimate : undefined,
    empty: blocks.knownEnd === 0,
    scroll: {
      grid: { rowCount: count, rowAt: blocks.rowAt, onRangeChange: store.set },
      /** The exact rows in view, for the status line alone to follow. */
      range: store,
      capped: (exact ?? estimate ?? 0) > MAX_SCROLL_ROWS,
    },
  };
}
