import { describe, expect, it } from 'vitest';
import { paths, safeNextPath } from './paths';

describe('paths', () => {
  it('builds encoded console URLs', () => {
    expect(paths.area('my app', 'push')).toBe('/apps/my%20app/push');
    expect(paths.admin('my app', 'audit')).toBe('/apps/my%20app/admin/audit');
    expect(paths.dataClass('default', 'Product', { objectId: 'abc' })).toBe(
      '/apps/default/data/Product?objectId=abc',
    );
    expect(paths.dataClass('default', 'Product')).toBe('/apps/default/data/Product');
  });
});

describe('safeNextPath', () => {
  it('follows a path on this origin', () => {
    expect(safeNextPath('/apps/default/data/Product?page=2')).toBe('/apps/default/data/Product?page=2');
  });

  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/login',
    '/login?next=/x',
    '/setup',
  ])('goes home instead of %s', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });
});
