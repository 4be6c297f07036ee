import { describe, expect, it } from 'vitest';
import { liveRefresh } from './history';

describe('the history’s live refresh', () => {
  it('asks again every 10 s at the newest page while it is the only page loaded', () => {
    expect(liveRefresh(undefined, 0)).toBe(10_000);
    expect(liveRefresh(undefined, 1)).toBe(10_000);
  });

  it('stops once older pages are loaded, since a refetch would ask for every one of them again', () => {
    expect(liveRefresh(undefined, 2)).toBe(false);
    expect(liveRefresh(undefined, 200)).toBe(false);
  });

  it('never refreshes a history opened at a date or a message', () => {
    expect(liveRefresh({ ts: 1_700_000_000_000 }, 1)).toBe(false);
  });
});
