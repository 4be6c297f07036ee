import { BLOCK_SIZE } from './blocks';
import type { RowRange } from './use-object-blocks';

/**
 * The rows in view, kept outside React state: the grid reports them every scrolled frame, and
 * only the status line needs each change. The blocks to load change every hundred rows, so their
 * readers subscribe to a coarse key and the page around the grid does not render each frame.
 */
export interface RangeStore {
  set: (range: RowRange) => void;
  get: () => RowRange;
  /** The range rounded to what decides the blocks wanted (see blocksFor): block of the first
   * row, half-block of the last, settled or not. */
  coarse: () => string;
  subscribe: (listener: () => void) => () => void;
}

export const TOP: RowRange = { start: 0, end: 0, settled: true };

export function createRangeStore(): RangeStore {
  let range = TOP;
  const listeners = new Set<() => void>();
  return {
    set: (next) => {
      if (next.start === range.start && next.end === range.end && next.settled === range.settled) return;
      range = next;
      listeners.forEach((l) => l());
    },
    get: () => range,
    coarse: () =>
      `${Math.floor(range.start / BLOCK_SIZE)}:${Math.floor(range.end / (BLOCK_SIZE / 2))}:${range.settled}`,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The RowRange a coarse key stands for: the same blocks are wanted for it as for the exact one. */
export function fromCoarse(key: string): RowRange {
  const [block = 0, half = 0, settled] = key.split(':');
  return {
    start: Number(block) * BLOCK_SIZE,
    end: Number(half) * (BLOCK_SIZE / 2),
    settled: settled === 'true',
  };
}
