import { describe, expect, it } from 'vitest';
import { BLOCK_SIZE, blocksFor, MAX_SCROLL_ROWS, mayFetch, planBlock, scrollRowCount } from './blocks';

const sort = { field: 'createdAt', desc: true } as const;
const base = { order: '-createdAt' };
const rowAt = (i: number) => ({
  objectId: `o${i}`,
  createdAt: new Date(Date.UTC(2024, 0, 1) - i * 1000).toISOString(),
  updatedAt: '2024-01-01T00:00:00.000Z',
});
const block = (index: number, n = BLOCK_SIZE) =>
  Array.from({ length: n }, (_, i) => rowAt(index * BLOCK_SIZE + i));

describe('planBlock', () => {
  it('asks for a block with nothing loaded around it by skip', () => {
    expect(planBlock(3, base, sort, {})).toEqual({
      skip: 3 * BLOCK_SIZE,
      limit: BLOCK_SIZE,
      order: '-createdAt',
      where: undefined,
      backwards: false,
    });
  });

  it('continues from the last row of a full block before it', () => {
    const plan = planBlock(5, base, sort, { before: block(4) });
    expect(plan.skip).toBe(0);
    expect(plan.order).toBe('-createdAt');
    expect(JSON.parse(plan.where!).$or[1]).toEqual({ objectId: { $lt: `o${5 * BLOCK_SIZE - 1}` } });
  });

  it('reads backwards from the first row of the block after it', () => {
    const plan = planBlock(5, base, sort, { after: block(6) });
    expect(plan).toMatchObject({ skip: 0, order: 'createdAt', backwards: true });
    expect(JSON.parse(plan.where!).$or[1]).toEqual({ objectId: { $gt: `o${6 * BLOCK_SIZE}` } });
  });

  it('uses skip when the sort has no keyset or the block before ended the result', () => {
    expect(planBlock(2, { order: 'name' }, undefined, { before: block(1) }).skip).toBe(2 * BLOCK_SIZE);
    expect(planBlock(2, base, sort, { before: block(1, 10) }).skip).toBe(2 * BLOCK_SIZE);
  });
});

describe('blocksFor', () => {
  it('covers the rows in view and prefetches the next block past its middle', () => {
    expect(blocksFor(0, 20, 10_000)).toEqual([0]);
    expect(blocksFor(150, 170, 10_000)).toEqual([0, 1]);
    expect(blocksFor(190, 230, 10_000)).toEqual([0, 1]);
    expect(blocksFor(150, 170, 180)).toEqual([0]);
    expect(blocksFor(0, 10, 0)).toEqual([]);
  });
});

describe('mayFetch', () => {
  it('waits for the scroll to settle only for a deep block with no loaded neighbour', () => {
    expect(mayFetch(1000, {}, false)).toBe(false);
    expect(mayFetch(1000, {}, true)).toBe(true);
    expect(mayFetch(1000, { before: block(999) }, false)).toBe(true);
    expect(mayFetch(3, {}, false)).toBe(true);
  });
});

describe('scrollRowCount', () => {
  it('prefers a known end, then the exact total, then the estimate or what is loaded plus a block', () => {
    expect(scrollRowCount(500, 900, 0, 420)).toBe(420);
    expect(scrollRowCount(500, 900, 0, undefined)).toBe(500);
    expect(scrollRowCount(undefined, 900, 0, undefined)).toBe(900);
    expect(scrollRowCount(undefined, undefined, 400, undefined)).toBe(400 + BLOCK_SIZE);
    expect(scrollRowCount(5_000_000, undefined, 0, undefined)).toBe(MAX_SCROLL_ROWS);
  });
});
