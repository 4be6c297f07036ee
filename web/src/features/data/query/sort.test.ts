import { describe, expect, it } from 'vitest';
import { parseOrder, sortOf, toggleSort } from './sort';

describe('toggleSort', () => {
  it('cycles one column ascending, descending, unsorted on plain clicks', () => {
    expect(toggleSort([], 'a', false)).toEqual(['a']);
    expect(toggleSort(['a'], 'a', false)).toEqual(['-a']);
    expect(toggleSort(['-a'], 'a', false)).toEqual([]);
  });

  it('replaces other keys on a plain click', () => {
    expect(toggleSort(['-createdAt', 'b'], 'a', false)).toEqual(['a']);
    expect(toggleSort(['b', 'a'], 'a', false)).toEqual(['-a']);
  });

  it('adds, flips in place and removes keys on additive clicks', () => {
    expect(toggleSort(['-createdAt'], 'name', true)).toEqual(['-createdAt', 'name']);
    expect(toggleSort(['name', 'price'], 'name', true)).toEqual(['-name', 'price']);
    expect(toggleSort(['-name', 'price'], 'name', true)).toEqual(['price']);
  });
});

describe('sortOf', () => {
  it('gives direction and rank', () => {
    expect(sortOf(['a', '-b'], 'b')).toEqual({ direction: 'desc', rank: 2 });
    expect(sortOf(['a', '-b'], 'a')).toEqual({ direction: 'asc', rank: 1 });
    expect(sortOf(['a'], 'c')).toBeUndefined();
  });
});

describe('parseOrder', () => {
  it('splits the order parameter and drops empty keys', () => {
    expect(parseOrder('-a, b,,-')).toEqual(['-a', 'b']);
    expect(parseOrder('')).toEqual([]);
  });
});
