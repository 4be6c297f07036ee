import { describe, expect, it } from 'vitest';
import { isEffectivelyNow, utcToZonedInputs, zonedTimeToUtc } from './schedule';

describe('scheduling in a time zone', () => {
  it('reads a wall-clock time in the chosen zone as the right instant', () => {
    expect(zonedTimeToUtc('2026-11-25', '21:30', 'Asia/Shanghai')?.toISOString()).toBe(
      '2026-11-25T13:30:00.000Z',
    );
    expect(zonedTimeToUtc('2026-07-01', '09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-01-01', '09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-01-01T14:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-01-01', '9am', 'UTC')).toBeUndefined();
    expect(zonedTimeToUtc('2026-01-01', '09:00', 'Not/AZone')).toBeUndefined();
  });

  it('goes back to the inputs', () => {
    expect(utcToZonedInputs(new Date('2026-11-25T13:30:00Z'), 'Asia/Shanghai')).toEqual({
      date: '2026-11-25',
      time: '21:30',
    });
  });

  it('calls a time under a minute ahead "now", as the server does', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(isEffectivelyNow(new Date('2026-01-01T00:00:59Z'), now)).toBe(true);
    expect(isEffectivelyNow(new Date('2026-01-01T00:01:00Z'), now)).toBe(false);
  });
});
