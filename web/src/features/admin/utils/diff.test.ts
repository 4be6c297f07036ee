import { describe, expect, it } from 'vitest';
import { diffObjects, sameJson, showValue } from './diff';

describe('diffObjects', () => {
  it('names each field added, removed, changed or unchanged, sorted by name', () => {
    const before = { role: 'viewer', disabled: false, email: 'a@x.io', tags: ['a'] };
    const after = { role: 'admin', disabled: false, totp: true, tags: ['a'] };
    expect(diffObjects(before, after)).toEqual([
      { field: 'disabled', kind: 'unchanged', before: false, after: false },
      { field: 'email', kind: 'removed', before: 'a@x.io' },
      { field: 'role', kind: 'changed', before: 'viewer', after: 'admin' },
      { field: 'tags', kind: 'unchanged', before: ['a'], after: ['a'] },
      { field: 'totp', kind: 'added', after: true },
    ]);
  });

  it('treats a creation as every field added and a deletion as every field removed', () => {
    expect(diffObjects(null, { a: 1 })).toEqual([{ field: 'a', kind: 'added', after: 1 }]);
    expect(diffObjects({ a: 1 }, undefined)).toEqual([{ field: 'a', kind: 'removed', before: 1 }]);
    expect(diffObjects(null, null)).toEqual([]);
  });

  it('compares nested objects by value, whatever their key order', () => {
    expect(diffObjects({ acl: { a: 1, b: 2 } }, { acl: { b: 2, a: 1 } })[0]?.kind).toBe('unchanged');
    expect(diffObjects({ acl: { a: 1 } }, { acl: { a: 2 } })[0]?.kind).toBe('changed');
  });

  it('keeps a field whose value is null apart from a missing one', () => {
    expect(diffObjects({ a: null }, {})).toEqual([{ field: 'a', kind: 'removed', before: null }]);
  });

  it('compares plain values as one field', () => {
    expect(diffObjects(1, 2)).toEqual([{ field: '', kind: 'changed', before: 1, after: 2 }]);
  });
});

describe('sameJson and showValue', () => {
  it('tells arrays of another length or order apart', () => {
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson([1], [1, 1])).toBe(false);
    expect(sameJson({ a: undefined }, { b: undefined })).toBe(false);
  });

  it('shows strings as they are and everything else as JSON', () => {
    expect(showValue('x')).toBe('x');
    expect(showValue({ a: [1] })).toBe('{"a":[1]}');
    expect(showValue(null)).toBe('null');
    expect(showValue(undefined)).toBe('');
  });
});
