import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@switchboard/shared';
import { canWriteData } from './use-can-write';

const session = (appPermissions: SessionResponse['appPermissions']) =>
  ({ appPermissions }) as unknown as SessionResponse;

describe('canWriteData', () => {
  it('needs data.write in this very app', () => {
    expect(canWriteData(session({ shop: ['data.read', 'data.write'] }), 'shop')).toBe(true);
    expect(canWriteData(session({ shop: ['data.read'] }), 'shop')).toBe(false);
    expect(canWriteData(session({ other: ['data.write'] }), 'shop')).toBe(false);
    expect(canWriteData(null, 'shop')).toBe(false);
  });
});
