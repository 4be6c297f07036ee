import { describe, expect, it } from 'vitest';
import { clockSkewSeconds } from './health';

describe('clockSkewSeconds', () => {
  it('is positive when the app runs ahead, negative when behind', () => {
    expect(clockSkewSeconds('2026-11-23T01:01:30.000Z', '2026-11-23T01:00:00.000Z')).toBe(90);
    expect(clockSkewSeconds('2026-11-23T00:59:00.000Z', '2026-11-23T01:00:00.000Z')).toBe(-60);
  });

  it('is 0 when a time cannot be read', () => {
    expect(clockSkewSeconds('not a time', '2026-11-23T01:00:00.000Z')).toBe(0);
  });
});
