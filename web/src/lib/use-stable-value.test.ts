import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStableValue } from './use-stable-value';

const sameLength = (a: number[], b: number[]) => a.length === b.length;

describe('useStableValue', () => {
  it('keeps the first value while equal ones follow, and takes a different one', () => {
    const first = [1, 2];
    const { result, rerender } = renderHook(({ v }) => useStableValue(v, sameLength), {
      initialProps: { v: first },
    });
    rerender({ v: [3, 4] });
    expect(result.current).toBe(first);
    const longer = [1, 2, 3];
    rerender({ v: longer });
    expect(result.current).toBe(longer);
    rerender({ v: [7, 8, 9] });
    expect(result.current).toBe(longer);
  });
});
