import { describe, expect, it } from 'vitest';
import { devicesWhere, maskedToken, platformOf, platformWhere, readPlatform, userOf } from './devices';

const device = (o: Record<string, unknown>) => ({ objectId: 'i1', createdAt: '', updatedAt: '', ...o });

describe('the Devices page helpers', () => {
  it('filters Android by vendor, and the own channel as Android without one', () => {
    expect(platformWhere('android')).toEqual({ deviceType: 'android', vendor: { $exists: false } });
    expect(platformWhere('mi')).toEqual({ deviceType: 'android', vendor: 'mi' });
    expect(readPlatform('nokia')).toBe('');
    expect(platformOf(device({ deviceType: 'android', vendor: 'HMS' }))).toBe('HMS');
    expect(platformOf(device({ deviceType: 'android' }))).toBe('android');
  });

  it('combines a search with a platform', () => {
    expect(devicesWhere('', '', false)).toEqual({});
    expect(devicesWhere('', 'ios', false)).toEqual({ deviceType: 'ios' });
    const both = devicesWhere('news', 'ios', false) as { $and: unknown[] };
    expect(both.$and).toHaveLength(2);
  });

  it('hides a redacted token and shortens a visible one', () => {
    expect(maskedToken('[redacted]')).toEqual({ kind: 'hidden', text: '' });
    expect(maskedToken('a'.repeat(64)).text).toBe(`${'a'.repeat(8)}…${'a'.repeat(6)}`);
    expect(maskedToken(undefined).kind).toBe('none');
  });

  it('reads the user pointer, whichever of the usual names it has', () => {
    expect(userOf(device({ owner: { __type: 'Pointer', className: '_User', objectId: 'u1' } }))).toBe('u1');
    expect(userOf(device({ user: 'u1' }))).toBeUndefined();
  });
});
