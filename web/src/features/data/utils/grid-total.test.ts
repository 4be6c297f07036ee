import { describe, expect, it } from 'vitest';
import { gridTotal } from './grid-total';

describe('gridTotal', () => {
  it('prefers the exact count of the query', () => {
    expect(gridTotal(12, { estimatedCount: 1_000_000, exact: false }, false)).toEqual({
      total: 12,
      estimate: undefined,
    });
    expect(gridTotal(0, undefined, true)).toEqual({ total: 0, estimate: undefined });
  });

  it('takes an exact statistic as the total and an estimated one as an estimate', () => {
    expect(gridTotal(undefined, { estimatedCount: 12, exact: true }, false)).toEqual({
      total: 12,
      estimate: undefined,
    });
    expect(gridTotal(undefined, { estimatedCount: 1_000_000, exact: false }, false)).toEqual({
      total: undefined,
      estimate: 1_000_000,
    });
  });

  it('knows nothing of a filtered query until it is counted', () => {
    expect(gridTotal(undefined, { estimatedCount: 12, exact: true }, true)).toEqual({
      total: undefined,
      estimate: undefined,
    });
    expect(gridTotal(undefined, undefined, false)).toEqual({ total: undefined, estimate: undefined });
  });
});
