import type { QueryClient } from '@tanstack/react-query';
import type { StoredObject } from '@switchboard/shared';
import { planBlock } from '../grid/blocks';
import type { BlockBase } from '../grid/blocks';
import type { KeysetSort } from '../grid/keyset';
import { getObjects } from './get-objects';
import { classKeys } from './keys';

export interface BlockData {
  results: StoredObject[];
}

/**
 * Block `index` of the scrolling grid's result. The request is planned when it runs, from the
 * neighbouring blocks then in the cache, so a block reached by scrolling is a keyset seek from
 * the one before it and only a block jumped to needs skip.
 */
export async function getObjectBlock(
  queryClient: QueryClient,
  app: string,
  className: string,
  base: BlockBase,
  sort: KeysetSort | undefined,
  index: number,
  signal?: AbortSignal,
): Promise<BlockData> {
  const cached = (i: number) =>
    queryClient.getQueryData<BlockData>(classKeys.block(app, className, base, i))?.results;
  const plan = planBlock(index, base, sort, { before: cached(index - 1), after: cached(index + 1) });
  const res = await getObjects(
    app,
    className,
    {
      skip: plan.skip,
      limit: plan.limit,
      order: plan.order,
      where: plan.where,
      keys: base.keys,
      include: base.include,
    },
    signal,
  );
  return { results: plan.backwards ? [...res.results].reverse() : res.results };
}

/** Asks for the first block unless it is cached or already on its way. */
export function prefetchFirstBlock(
  queryClient: QueryClient,
  app: string,
  className: string,
  base: BlockBase,
  sort: KeysetSort | undefined,
): void {
  const queryKey = classKeys.block(app, className, base, 0);
  if (queryClient.getQueryState(queryKey)) return;
  void queryClient.prefetchQuery({
    queryKey,
    queryFn: ({ signal }) => getObjectBlock(queryClient, app, className, base, sort, 0, signal),
  });
}
