import { describe, expect, it, vi } from 'vitest';
import { BLOCK_SIZE, blocksFor } from './blocks';
import { createRangeStore, fromCoarse } from './range-store';

describe('range store', () => {
  it('tells its listeners of each change, and its coarse key wants the same blocks', () => {
    const store = createRangeStore();
    const listener = vi.fn();
    store.subscribe(listener);
    for (const [start, end] of [
      [0, 20],
      [130, 160],
      [190, 215],
      [4321, 4350],
    ] as const) {
      store.set({ start, end, settled: false });
      const coarse = fromCoarse(store.coarse());
      expect(blocksFor(coarse.start, coarse.end, 1_000_000)).toEqual(blocksFor(start, end, 1_000_000));
      expect(coarse.settled).toBe(false);
    }
    expect(listener).toHaveBeenCalledTimes(4);
    store.set({ start: 4321, end: 4350, settled: false });
    expect(listener).toHaveBeenCalledTimes(4);
    expect(fromCoarse(store.coarse()).start).toBe(21 * BLOCK_SIZE);
  });
});
