import type { StoredObject } from '@switchboard/shared';
import { keysetOrder, keysetWhere } from './keyset';
import type { KeysetSort } from './keyset';

/** Rows per request while scrolling: small enough to come fast, large enough to scroll a while. */
export const BLOCK_SIZE = 200;
/**
 * Deepest skip asked for while the grid is still scrolling: deeper offsets cost the database a
 * walk over every row before them, so a block jumped to past this waits until the scroll settles.
 */
export const SHALLOW_SKIP = 10_000;
/**
 * Rows the scroll container offers at most: browsers stop growing an element past about 33.5M
 * pixels, so 800k rows of 36 px stay reachable; the rest are reached by sorting the other way.
 */
export const MAX_SCROLL_ROWS = 800_000;

/** The query of the whole result the blocks are cut from. */
export interface BlockBase {
  order: string;
  where?: string;
  keys?: string;
  include?: string;
}

/** One request for a block's rows; `backwards` rows come in reverse and are turned round. */
export interface BlockRequest {
  skip: number;
  limit: number;
  order: string;
  where?: string | undefined;
  backwards: boolean;
}

export interface Neighbours {
  /** The block before, when loaded. */
  before?: readonly StoredObject[] | undefined;
  /** The block after, when loaded. */
  after?: readonly StoredObject[] | undefined;
}

/**
 * How to ask for block `index`: from the last row of the loaded block before it (a keyset seek,
 * as cheap at row 900,000 as at row 200), else from the first row of the loaded block after it
 * (the same, read backwards), else with skip.
 */
export function planBlock(
  index: number,
  base: BlockBase,
  sort: KeysetSort | undefined,
  { before, after }: Neighbours,
): BlockRequest {
  // With a sort, every block follows its written-out order (tie-breaker included), so blocks
  // read by skip and by seek agree on where ties fall.
  const order = sort ? keysetOrder(sort) : base.order;
  const bySkip = { skip: index * BLOCK_SIZE, limit: BLOCK_SIZE, order, where: base.where };
  if (!sort || index === 0) return { ...bySkip, backwards: false };
  const last = before?.length === BLOCK_SIZE ? before.at(-1) : undefined;
  const forward = last && keysetWhere(sort, last, base.where);
  if (forward)
    return { skip: 0, limit: BLOCK_SIZE, order: keysetOrder(sort), where: forward, backwards: false };
  const first = after?.[0];
  const backward = first && keysetWhere(sort, first, base.where, true);
  if (backward)
    return { skip: 0, limit: BLOCK_SIZE, order: keysetOrder(sort, true), where: backward, backwards: true };
  return { ...bySkip, backwards: false };
}

/** The blocks holding rows `start` to `end` (inclusive), and the next one when `end` is near it. */
export function blocksFor(start: number, end: number, rowCount: number): number[] {
  if (rowCount <= 0 || end < start) return [];
  const last = Math.min(end, rowCount - 1);
  const from = Math.floor(Math.max(0, start) / BLOCK_SIZE);
  let to = Math.floor(last / BLOCK_SIZE);
  // Ask for the next block half a block ahead, so scrolling down rarely meets an empty row.
  if (last % BLOCK_SIZE >= BLOCK_SIZE / 2 && (to + 1) * BLOCK_SIZE < rowCount) to++;
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** Whether block `index` may be asked for now: always by keyset or shallow skip, deep skip once settled. */
export function mayFetch(index: number, neighbours: Neighbours, settled: boolean): boolean {
  return settled || index * BLOCK_SIZE <= SHALLOW_SKIP || !!neighbours.before || !!neighbours.after;
}

/**
 * The number of rows to offer: the exact total when known, else the estimate, else what is loaded
 * plus a block (growing as the user scrolls); never past the end a short block revealed, nor past
 * what a browser can scroll.
 */
export function scrollRowCount(
  total: number | undefined,
  estimate: number | undefined,
  loadedEnd: number,
  knownEnd: number | undefined,
): number {
  const n = knownEnd ?? total ?? Math.max(estimate ?? 0, loadedEnd + BLOCK_SIZE);
  return Math.min(n, MAX_SCROLL_ROWS);
}
