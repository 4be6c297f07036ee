import { describe, expect, it } from 'vitest';
import { matchUpstreamRoute } from './upstream';

describe('matchUpstreamRoute', () => {
  it('finds allowlisted routes and their parameters', () => {
    expect(matchUpstreamRoute('GET', '/1.1/classes/Product')?.params).toEqual({ className: 'Product' });
    expect(matchUpstreamRoute('GET', '/1.1/classes/_User/abc123')?.params).toEqual({
      className: '_User',
      objectId: 'abc123',
    });
    expect(matchUpstreamRoute('GET', '/1.1/schemas')?.route.permission).toBe('schema.read');
  });

  it.each([
    ['DELETE', '/1.1/classes/Product/abc'],
    ['GET', '/1.1/classes/Bad-Name'],
    ['GET', '/1.1/classes/Product/abc/extra'],
    ['GET', '/1.1/users'],
    ['GET', '/1.1/classes/Product/a.b'],
  ])('refuses %s %s', (method, path) => {
    expect(matchUpstreamRoute(method, path)).toBeUndefined();
  });
});
