import { describe, expect, it } from 'vitest';
import { escapeRegex, readSearch, searchWhere, writeSearch } from './search';

describe('searchWhere', () => {
  it('finds everyone with an empty term', () => {
    expect(searchWhere({ term: '  ', by: 'any' })).toEqual({});
  });

  it('matches a username or e-mail by prefix, the e-mail without case', () => {
    expect(searchWhere({ term: 'ali', by: 'username' })).toEqual({ username: { $regex: '^ali' } });
    expect(searchWhere({ term: 'Alice@Ex', by: 'email' })).toEqual({
      email: { $regex: '^Alice@Ex', $options: 'i' },
    });
  });

  it('treats typed text literally, not as a pattern', () => {
    expect(searchWhere({ term: 'a.b+c', by: 'username' })).toEqual({ username: { $regex: '^a\\.b\\+c' } });
    expect(escapeRegex('(x)[y]{z}|^$*?\\')).toBe('\\(x\\)\\[y\\]\\{z\\}\\|\\^\\$\\*\\?\\\\');
  });

  it('finds a phone number anywhere, ignoring spaces and dashes', () => {
    expect(searchWhere({ term: '138 0000-0001', by: 'mobilePhoneNumber' })).toEqual({
      mobilePhoneNumber: { $regex: '13800000001' },
    });
  });

  it('matches an objectId exactly', () => {
    expect(searchWhere({ term: ' 6b03bb ', by: 'objectId' })).toEqual({ objectId: '6b03bb' });
  });

  it('searches every field at once, phones only when the term has digits', () => {
    expect(searchWhere({ term: 'bo', by: 'any' })).toEqual({
      $or: [{ username: { $regex: '^bo' } }, { email: { $regex: '^bo', $options: 'i' } }, { objectId: 'bo' }],
    });
    const withDigits = searchWhere({ term: '0001', by: 'any' }) as { $or: object[] };
    expect(withDigits.$or).toContainEqual({ mobilePhoneNumber: { $regex: '0001' } });
  });
});

describe('search URL state', () => {
  it('round-trips, leaving defaults out', () => {
    const params = writeSearch({ term: ' bo@example.com ', by: 'email', page: 2 });
    expect(params.toString()).toBe('q=bo%40example.com&by=email&page=2');
    expect(readSearch(params)).toEqual({ term: 'bo@example.com', by: 'email', page: 2 });
    expect(writeSearch({ term: '', by: 'any', page: 1 }).toString()).toBe('');
  });

  it('falls back to defaults for values it does not know', () => {
    expect(readSearch(new URLSearchParams('by=password&page=-3'))).toEqual({ term: '', by: 'any', page: 1 });
  });
});
