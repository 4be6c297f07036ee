import { describe, expect, it } from 'vitest';
import { afterFailure, isLocked, LOCK_WINDOW_MS } from './lock';
import type { LockState } from '../../store/users';

const MIN = 60_000;

function fail(times: number[]): LockState {
  return times.reduce<LockState>((s, t) => afterFailure(s, t), { locked: false, times: [] });
}

describe('account lock (Doc 1 state table)', () => {
  it('six failures in 15 minutes leave the account open; the seventh locks it', () => {
    const six = fail([0, 1, 2, 3, 4, 5].map((i) => i * MIN));
    expect(isLocked(six, 6 * MIN)).toBe(false);
    const seven = afterFailure(six, 6 * MIN);
    expect(isLocked(seven, 6 * MIN)).toBe(true);
  });

  it('seven failures spread over more than 15 minutes do not lock', () => {
    const s = fail([0, 3, 6, 9, 12, 15, 18].map((i) => i * MIN));
    expect(isLocked(s, 18 * MIN)).toBe(false);
  });

  it('opens 15 minutes after the last failure, not before', () => {
    const s = fail([0, 1, 2, 3, 4, 5, 6].map((i) => i * MIN));
    expect(isLocked(s, 6 * MIN + LOCK_WINDOW_MS - 1)).toBe(true);
    expect(isLocked(s, 6 * MIN + LOCK_WINDOW_MS)).toBe(false);
  });

  it('failures while locked prolong the lock', () => {
    let s = fail([0, 1, 2, 3, 4, 5, 6].map((i) => i * MIN));
    s = afterFailure(s, 20 * MIN);
    expect(isLocked(s, 20 * MIN + LOCK_WINDOW_MS - 1)).toBe(true);
    expect(isLocked(s, 20 * MIN + LOCK_WINDOW_MS)).toBe(false);
  });

  it('after a lock ran out, one more failure does not lock again', () => {
    const s = fail([0, 1, 2, 3, 4, 5, 6].map((i) => i * MIN));
    const later = afterFailure(s, 6 * MIN + LOCK_WINDOW_MS + MIN);
    expect(isLocked(later, 6 * MIN + LOCK_WINDOW_MS + MIN)).toBe(false);
  });
});
