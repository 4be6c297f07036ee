import { describe, expect, it } from 'vitest';
import { unquotePcre } from './where-values';

describe('unquotePcre', () => {
  it.each([
    ['^\\QCa\\E', '^Ca'],
    ['\\Qa.b*c\\E$', 'a\\.b\\*c$'],
    ['x\\Q(1+1)', 'x\\(1\\+1\\)'],
    ['\\Qa\\E\\\\E\\Qb\\E', 'a\\\\Eb'],
    ['\\\\Q', '\\\\Q'],
    ['\\d+\\.\\d', '\\d+\\.\\d'],
  ])('%s becomes %s', (input, expected) => {
    expect(unquotePcre(input)).toBe(expected);
  });
});
