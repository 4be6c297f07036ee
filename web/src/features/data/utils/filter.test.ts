import { describe, expect, it } from 'vitest';
import { filterClassNames } from './filter';

describe('filterClassNames', () => {
  const names = ['Review', '_User', 'product', 'Store', '_Role'];

  it('sorts alphabetically, ignoring case', () => {
    expect(filterClassNames(names, '')).toEqual(['_Role', '_User', 'product', 'Review', 'Store']);
  });

  it('keeps names containing the search text, ignoring case and surrounding spaces', () => {
    expect(filterClassNames(names, ' RO ')).toEqual(['_Role', 'product']);
    expect(filterClassNames(names, 'zzz')).toEqual([]);
  });
});
