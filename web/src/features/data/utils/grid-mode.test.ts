import { describe, expect, it } from 'vitest';
import { canScroll, gridMode, writeGridMode, writePage } from './grid-mode';

const params = (s: string) => new URLSearchParams(s);

describe('gridMode', () => {
  it('scrolls through a keyset sort unless the URL asks for pages', () => {
    expect(gridMode(params(''), '-createdAt')).toEqual({
      kind: 'scroll',
      sort: { field: 'createdAt', desc: true },
    });
    expect(gridMode(params('pageSize=50'), '-createdAt')).toEqual({
      kind: 'pages',
      paging: { page: 1, pageSize: 50 },
    });
    expect(gridMode(params('page=3'), 'updatedAt')).toEqual({
      kind: 'pages',
      paging: { page: 3, pageSize: 100 },
    });
  });

  it('scrolls through a sort on a field the keys keep, and pages through the others', () => {
    expect(gridMode(params(''), 'name')).toEqual({ kind: 'scroll', sort: { field: 'name', desc: false } });
    expect(gridMode(params('keys=price'), 'name')).toEqual({
      kind: 'pages',
      paging: { page: 1, pageSize: 100 },
    });
    expect(gridMode(params(''), 'name,price')).toMatchObject({ kind: 'pages' });
    expect(canScroll('name')).toBe(true);
    expect(canScroll('name', '-name')).toBe(false);
    expect(canScroll('name', 'name.first')).toBe(false);
    expect(canScroll('name', 'name,price')).toBe(true);
    expect(canScroll('-updatedAt', 'price')).toBe(true);
  });
});

describe('writeGridMode and writePage', () => {
  it('keeps the other parameters and writes even the default page size', () => {
    expect(writeGridMode(params('where=%7B%7D&page=4&pageSize=50'), 100).toString()).toBe(
      'where=%7B%7D&pageSize=100',
    );
    expect(writeGridMode(params('order=name&page=4&pageSize=50'), 'scroll').toString()).toBe('order=name');
    expect(writePage(params('pageSize=100&page=2'), { page: 2, pageSize: 100 }, 1).toString()).toBe(
      'pageSize=100',
    );
    expect(writePage(params(''), { page: 1, pageSize: 100 }, 2).toString()).toBe('pageSize=100&page=2');
  });
});
