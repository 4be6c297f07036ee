import { useCallback, useMemo } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { StoredObject } from '@switchboard/shared';
import { getObjectBlock } from '../api/get-object-blocks';
import type { BlockData } from '../api/get-object-blocks';
import { classKeys } from '../api/keys';
import { BLOCK_SIZE, blocksFor, mayFetch } from './blocks';
import type { BlockBase } from './blocks';
import type { KeysetSort } from './keyset';

/** The rows in view, as the grid reports them; `settled` once scrolling stopped. */
export interface RowRange {
  start: number;
  end: number;
  settled: boolean;
}

/**
 * Blocks out of view for this long are dropped from the cache, so scrolling through a million rows
 * keeps only the last minute's blocks in memory; the next block keyset-seeks from the one before.
 */
const BLOCK_GC_MS = 60_000;

export interface ObjectBlocks {
  rowAt: (index: number) => StoredObject | undefined;
  /** Rows of the blocks in view, in order: for columns, "select all" and cloning. */
  loaded: StoredObject[];
  /** One past the last row of the furthest full block loaded. */
  loadedEnd: number;
  /** The exact end of the result, once a block came back short. */
  knownEnd: number | undefined;
  isFetching: boolean;
  error: Error | null;
  refetch: () => void;
  /** Whether the first block has come (successfully or not). */
  firstSettled: boolean;
}

export function useObjectBlocks(
  app: string,
  className: string,
  base: BlockBase,
  sort: KeysetSort | undefined,
  range: RowRange,
  rowCount: number,
  enabled = true,
): ObjectBlocks {
  const queryClient = useQueryClient();
  // The first block is always asked for: the grid needs it before it can report a range.
  const indexes = useMemo(() => {
    if (!enabled) return [];
    const list = blocksFor(range.start, range.end, Math.max(rowCount, 1));
    return list.length > 0 ? list : [0];
  }, [enabled, range.start, range.end, rowCount]);
  const cached = (i: number) =>
    queryClient.getQueryData<BlockData>(classKeys.block(app, className, base, i))?.results;

  const results = useQueries({
    queries: indexes.map((index) => ({
      queryKey: classKeys.block(app, className, base, index),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getObjectBlock(queryClient, app, className, base, sort, index, signal),
      enabled: mayFetch(index, { before: cached(index - 1), after: cached(index + 1) }, range.settled),
      gcTime: BLOCK_GC_MS,
    })),
  });

  const byIndex = new Map<number, readonly StoredObject[]>();
  indexes.forEach((index, i) => {
    const data = results[i]?.data;
    if (data) byIndex.set(index, data.results);
  });
  const blocksKey = indexes.map((i) => `${i}:${byIndex.get(i)?.length ?? '-'}`).join(',');
  const dataKey = results.map((r) => r.dataUpdatedAt).join(',');

  // eslint-disable-next-line react-hooks/exhaustive-deps -- byIndex is rebuilt each render; its content is keyed by blocksKey and dataKey
  const stable = useMemo(() => byIndex, [blocksKey, dataKey]);
  const rowAt = useCallback(
    (i: number) => stable.get(Math.floor(i / BLOCK_SIZE))?.[i % BLOCK_SIZE],
    [stable],
  );
  const loaded = useMemo(() => [...stable.values()].flat(), [stable]);

  let loadedEnd = 0;
  let knownEnd: number | undefined;
  for (const [index, rows] of stable) {
    if (rows.length === BLOCK_SIZE) loadedEnd = Math.max(loadedEnd, (index + 1) * BLOCK_SIZE);
    else knownEnd = index * BLOCK_SIZE + rows.length;
  }
  const error = results.find((r) => r.error)?.error ?? null;
  return {
    rowAt,
    loaded,
    loadedEnd,
    knownEnd,
    isFetching: results.some((r) => r.isFetching),
    error,
    refetch: () => results.forEach((r) => r.error && void r.refetch()),
    firstSettled: indexes[0] !== 0 || (results[0] !== undefined && results[0].status !== 'pending'),
  };
}
