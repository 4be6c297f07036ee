import { describe, expect, it } from 'vitest';
import { ConsoleError } from '../domain/errors';
import { upstreamPathOf } from './upstream-path';

describe('upstreamPathOf', () => {
  it('returns the decoded upstream path', () => {
    expect(upstreamPathOf('/api/apps/default/1.1/classes/Product?limit=1', 'default')).toBe(
      '/1.1/classes/Product',
    );
    expect(upstreamPathOf('/api/apps/default/1.1/classes/Caf%C3%A9', 'default')).toBe('/1.1/classes/Café');
  });

  it.each([
    '/api/apps/default/1.1/classes/..%2f..%2fusers',
    '/api/apps/default/1.1/classes/%2e%2e/x',
    '/api/apps/default/1.1/classes/../users',
    '/api/apps/default/1.1//classes',
    '/api/apps/default/1.1/classes\\x',
    '/api/apps/default/1.1/classes/%5cx',
    '/api/apps/default/2.0/anything',
    '/api/apps/default/http:%2f%2fevil.example/1.1/classes',
    '/api/apps/default/1.1/classes/%E0%A4%A',
  ])('refuses %s', (url) => {
    expect(() => upstreamPathOf(url, 'default')).toThrow(ConsoleError);
  });
});
