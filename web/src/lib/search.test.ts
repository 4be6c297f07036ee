import { describe, expect, it } from 'vitest';
import { searchWhere, stringFieldsOf } from './search';

describe('searchWhere', () => {
  it('matches the objectId exactly or a string field by prefix, regex characters escaped', () => {
    expect(searchWhere(' a.b ', ['name'])).toEqual({
      $or: [{ objectId: 'a.b' }, { name: { $regex: '^a\\.b', $options: 'i' } }],
    });
  });

  it('matches everything for empty text', () => {
    expect(searchWhere('  ', ['name'])).toEqual({});
  });

  it('searches only String fields', () => {
    expect(
      stringFieldsOf({ name: { type: 'String' }, n: { type: 'Number' }, objectId: { type: 'String' } }),
    ).toEqual(['name']);
  });
});
