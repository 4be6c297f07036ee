import { describe, expect, it } from 'vitest';
import { classPermission } from './upstream-routes';
import { matchUpstreamRoute, parseUpstreamPath, permissionOf } from './upstream';

describe('matchUpstreamRoute', () => {
  it('finds allowlisted routes and their parameters', () => {
    expect(matchUpstreamRoute('GET', '/1.1/classes/Product')?.params).toEqual({ className: 'Product' });
    expect(matchUpstreamRoute('GET', '/1.1/classes/_User/abc123')?.params).toEqual({
      className: '_User',
      objectId: 'abc123',
    });
    expect(matchUpstreamRoute('GET', '/1.1/schemas')?.route.permission).toBe('schema.read');
    expect(matchUpstreamRoute('POST', '/1.2/rtm/clients/alice@example/kick')?.params).toEqual({
      clientId: 'alice@example',
    });
  });

  it.each([
    ['POST', '/1.1/login'],
    ['PUT', '/1.1/users/abc/updatePassword'],
    ['DELETE', '/1.1/schemas'],
    ['PATCH', '/1.1/schemas/Product'],
    ['GET', '/1.1/classes/Bad-Name'],
    ['GET', '/1.1/classes/Product/abc/extra'],
    ['GET', '/1.1/classes/Product/a.b'],
    ['PATCH', '/1.1/classes/Product/abc'],
  ])('refuses %s %s', (method, path) => {
    expect(matchUpstreamRoute(method, path)).toBeUndefined();
  });

  it('asks the permission of the area a built-in class belongs to', () => {
    const need = (method: string, path: string) => {
      const m = matchUpstreamRoute(method, path);
      return m && permissionOf(m);
    };
    expect(need('GET', '/1.1/classes/Product')).toBe('data.read');
    expect(need('DELETE', '/1.1/schemas/Product')).toBe('schema.write');
    expect(need('DELETE', '/1.1/classes/Product/abc')).toBe('data.write');
    expect(need('GET', '/1.1/classes/_User')).toBe('users.read');
    expect(need('PUT', '/1.1/classes/_Role/abc')).toBe('roles.write');
    expect(need('PUT', '/1.1/users/abc')).toBe('users.write');
    expect(need('POST', '/1.1/batch')).toBe('per-element');
    expect(need('DELETE', '/1.1/scheduledPushMessages/12')).toBe('push.write');
    expect(need('DELETE', '/1.1/notifications/abc123')).toBe('push.write');
    expect(need('GET', '/1.1/switchboard/push/deliveries')).toBe('push.read');
    expect(need('GET', '/1.1/switchboard/push/audience')).toBe('push.read');
    expect(need('GET', '/1.1/switchboard/im/stats')).toBe('im.read');
    expect(need('GET', '/1.1/switchboard/push/gateways')).toBe('push.read');
    expect(need('POST', '/1.1/push/devices')).toBe('push.write');
    expect(need('PUT', '/1.2/rtm/conversations/c1/messages/m1/recall')).toBe('im.moderate');
    expect(classPermission('_Installation', 'read')).toBe('installations.read');
  });
});

describe('parseUpstreamPath', () => {
  it('decodes the segments of a versioned API path', () => {
    expect(parseUpstreamPath('/1.1/classes/Caf%C3%A9')).toEqual(['1.1', 'classes', 'Café']);
  });

  it.each([
    'http://evil.example/1.1/classes',
    '//evil.example/1.1/classes',
    '1.1/classes',
    '/1.1/classes/..%2fusers',
    '/1.1/classes/%2e%2e/x',
    '/1.1/classes/../users',
    '/1.1//classes',
    '/1.1/classes\\x',
    '/1.1/classes/%5cx',
    '/1.1/classes/a%3fb',
    '/1.1/classes/%25',
    '/2.0/anything',
    '/1.1/classes/%E0%A4%A',
  ])('refuses %s', (raw) => {
    expect(parseUpstreamPath(raw)).toBeUndefined();
  });
});
