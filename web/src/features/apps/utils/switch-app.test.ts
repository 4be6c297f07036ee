import { describe, expect, it } from 'vitest';
import { switchAppPath } from './switch-app';

describe('switchAppPath', () => {
  it('keeps the area and drops what belongs to the old app', () => {
    expect(switchAppPath('/apps/default/data/Product', 'other')).toBe('/apps/other/data');
    expect(switchAppPath('/apps/default/push', 'other')).toBe('/apps/other/push');
  });

  it('opens Data when the area is unknown', () => {
    expect(switchAppPath('/apps/default', 'other')).toBe('/apps/other/data');
    expect(switchAppPath('/somewhere', 'other')).toBe('/apps/other/data');
  });
});
