import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size';

describe('formatSize', () => {
  it('picks the unit that keeps the number short', () => {
    expect(formatSize(512, 'en')).toBe('512 byte');
    expect(formatSize(1500, 'en')).toBe('1.5 kB');
    expect(formatSize(23_000_000, 'en')).toBe('23 MB');
    expect(formatSize(0, 'en')).toBe('0 byte');
  });
});
