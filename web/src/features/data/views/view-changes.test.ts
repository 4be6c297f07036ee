import { describe, expect, it } from 'vitest';
import { viewChanges } from './view-changes';

const view = { name: 'Cheap', shared: false, query: 'order=a' };

describe('viewChanges', () => {
  it('is empty when nothing differs, trimmed name included', () => {
    expect(viewChanges(view, { name: ' Cheap ', shared: false })).toEqual({});
    expect(viewChanges(view, { name: 'Cheap', shared: false, query: 'order=a' })).toEqual({});
  });

  it('names only what changed', () => {
    expect(viewChanges(view, { name: 'Cheaper ', shared: true })).toEqual({ name: 'Cheaper', shared: true });
    expect(viewChanges(view, { name: 'Cheap', shared: false, query: 'order=-a' })).toEqual({
      query: 'order=-a',
    });
  });
});
