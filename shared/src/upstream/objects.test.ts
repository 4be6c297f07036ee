import { describe, expect, it } from 'vitest';
import { normalizeLimit } from './objects';

describe('normalizeLimit (Doc 1 Query: default 100, 1..1000, otherwise 100)', () => {
  it.each([
    [undefined, false, 100],
    ['', false, 100],
    ['1', false, 1],
    ['1000', false, 1000],
    ['1001', false, 100],
    ['0', false, 100],
    ['-5', false, 100],
    ['2.5', false, 100],
    ['abc', false, 100],
    ['0', true, 0],
    ['10', true, 10],
  ])('limit %j with count=%s gives %d', (raw, countOnly, expected) => {
    expect(normalizeLimit(raw, countOnly)).toBe(expected);
  });
});
