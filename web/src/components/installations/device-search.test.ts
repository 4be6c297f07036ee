import { describe, expect, it } from 'vitest';
import { deviceSearchWhere } from './device-search';

describe('deviceSearchWhere', () => {
  it('matches ids, a channel and a user pointer, and the token only for roles that see tokens', () => {
    const op = deviceSearchWhere(' news ', false).$or as Record<string, unknown>[];
    expect(op).toContainEqual({ installationId: 'news' });
    expect(op).toContainEqual({ channels: 'news' });
    expect(op).toContainEqual({ owner: { __type: 'Pointer', className: '_User', objectId: 'news' } });
    expect(op.some((c) => 'deviceToken' in c)).toBe(false);
    const dev = deviceSearchWhere('abc', true).$or as Record<string, unknown>[];
    expect(dev).toContainEqual({ deviceToken: 'abc' });
  });
});
