import { describe, expect, it } from 'vitest';
import { moveActive, sortFromOrder, sortMark } from './grid-nav';

describe('moveActive', () => {
  it('moves with the arrows and stops at the edges', () => {
    expect(moveActive({ row: 0, col: 0 }, 'ArrowDown', false, 3, 3)).toEqual({ row: 1, col: 0 });
    expect(moveActive({ row: 0, col: 0 }, 'ArrowUp', false, 3, 3)).toEqual({ row: 0, col: 0 });
    expect(moveActive({ row: 2, col: 2 }, 'ArrowRight', false, 3, 3)).toEqual({ row: 2, col: 2 });
  });

  it('tabs along the row and wraps, Shift+Tab goes back', () => {
    expect(moveActive({ row: 0, col: 2 }, 'Tab', false, 3, 3)).toEqual({ row: 1, col: 0 });
    expect(moveActive({ row: 1, col: 0 }, 'Tab', true, 3, 3)).toEqual({ row: 0, col: 2 });
  });

  it('starts at the first cell and ignores other keys', () => {
    expect(moveActive(undefined, 'ArrowRight', false, 3, 3)).toEqual({ row: 0, col: 0 });
    expect(moveActive(undefined, 'Tab', false, 3, 3)).toEqual({ row: 0, col: 0 });
    expect(moveActive({ row: 0, col: 0 }, 'a', false, 3, 3)).toBeUndefined();
    expect(moveActive(undefined, 'ArrowDown', false, 0, 3)).toBeUndefined();
  });
});

describe('sortMark', () => {
  it('numbers the keys only when several sort', () => {
    expect(sortMark([{ field: 'a', desc: true }], 'a')).toEqual({ arrow: '↓', desc: true, first: true });
    expect(
      sortMark(
        [
          { field: 'a', desc: true },
          { field: 'b', desc: false },
        ],
        'b',
      )?.arrow,
    ).toBe('↑2');
    expect(sortMark(undefined, 'a')).toBeUndefined();
  });
});

describe('sortFromOrder', () => {
  it('reads the API order keys', () => {
    expect(sortFromOrder(['-createdAt', 'name'])).toEqual([
      { field: 'createdAt', desc: true },
      { field: 'name', desc: false },
    ]);
  });
});
