import { describe, expect, it } from 'vitest';
import { hasNextPage, pageQuery, readPaging, rowRange, writePaging } from './paging';

const params = (s: string) => new URLSearchParams(s);

describe('readPaging', () => {
  it('reads page and page size from the URL', () => {
    expect(readPaging(params('page=3&pageSize=500'))).toEqual({ page: 3, pageSize: 500 });
  });

  it('falls back to page 1 and 100 rows for anything else', () => {
    expect(readPaging(params(''))).toEqual({ page: 1, pageSize: 100 });
    expect(readPaging(params('page=0&pageSize=7'))).toEqual({ page: 1, pageSize: 100 });
    expect(readPaging(params('page=-2&pageSize=abc'))).toEqual({ page: 1, pageSize: 100 });
    expect(readPaging(params('page=1.5'))).toEqual({ page: 1, pageSize: 100 });
  });
});

describe('writePaging', () => {
  it('keeps other parameters and leaves defaults out', () => {
    expect(writePaging(params('objectId=x&page=2'), { page: 1 }).toString()).toBe('objectId=x');
    expect(writePaging(params('objectId=x'), { page: 4 }).toString()).toBe('objectId=x&page=4');
  });

  it('starts again at page 1 when the page size changes', () => {
    expect(writePaging(params('page=5'), { pageSize: 500 }).toString()).toBe('pageSize=500');
    expect(writePaging(params('page=5&pageSize=500'), { pageSize: 500 }).toString()).toBe(
      'page=5&pageSize=500',
    );
  });
});

describe('pageQuery', () => {
  it('turns a page into skip and limit', () => {
    expect(pageQuery({ page: 1, pageSize: 50 })).toEqual({ skip: 0, limit: 50 });
    expect(pageQuery({ page: 3, pageSize: 1000 })).toEqual({ skip: 2000, limit: 1000 });
  });
});

describe('rowRange', () => {
  it('numbers the rows of the page from 1', () => {
    expect(rowRange({ page: 2, pageSize: 50 }, 50, 120)).toEqual({ from: 51, to: 100, total: 120 });
    expect(rowRange({ page: 3, pageSize: 50 }, 20, 120)).toEqual({ from: 101, to: 120, total: 120 });
    expect(rowRange({ page: 9, pageSize: 50 }, 0, 120)).toBeUndefined();
  });
});

describe('hasNextPage', () => {
  it('uses the count when known', () => {
    expect(hasNextPage({ page: 2, pageSize: 50 }, 50, 120)).toBe(true);
    expect(hasNextPage({ page: 3, pageSize: 50 }, 20, 120)).toBe(false);
    expect(hasNextPage({ page: 2, pageSize: 50 }, 50, 100)).toBe(false);
  });

  it('guesses from a full page without a count', () => {
    expect(hasNextPage({ page: 1, pageSize: 50 }, 50, undefined)).toBe(true);
    expect(hasNextPage({ page: 1, pageSize: 50 }, 49, undefined)).toBe(false);
  });
});
