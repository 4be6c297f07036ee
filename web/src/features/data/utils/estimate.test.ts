import { describe, expect, it } from 'vitest';
import { formatCount, isKnownEmpty } from './estimate';

describe('formatCount', () => {
  it('writes exact counts in full and estimates rounded, with ≈', () => {
    expect(formatCount(1234, true, 'en')).toBe('1,234');
    expect(formatCount(1_234_567, false, 'en')).toBe('≈ 1.2M');
    expect(formatCount(25_300, false, 'en')).toBe('≈ 25.3K');
    expect(formatCount(950, false, 'en')).toBe('≈ 950');
    expect(formatCount(1_234_567, false, 'zh-CN')).toBe('≈ 123.5万');
  });
});

describe('isKnownEmpty', () => {
  it('is true only for an exact zero', () => {
    expect(isKnownEmpty({ estimatedCount: 0, exact: true })).toBe(true);
    expect(isKnownEmpty({ estimatedCount: 0, exact: false })).toBe(false);
    expect(isKnownEmpty({ estimatedCount: 3, exact: true })).toBe(false);
    expect(isKnownEmpty(undefined)).toBe(false);
  });
});
