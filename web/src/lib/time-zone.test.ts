import { describe, expect, it } from 'vitest';
import { formatInZone, timeZoneNames } from './time-zone';

describe('formatInZone', () => {
  const instant = new Date('2026-11-23T01:15:04.000Z');

  it('shows the wall-clock time of the zone with its offset', () => {
    expect(formatInZone(instant, 'Asia/Shanghai')).toEqual({ text: '2026-11-23 09:15:04', offset: 'UTC+8' });
    expect(formatInZone(instant, 'America/New_York')).toEqual({
      text: '2026-11-22 20:15:04',
      offset: 'UTC-5',
    });
    expect(formatInZone(instant, 'UTC')).toEqual({ text: '2026-11-23 01:15:04', offset: 'UTC' });
  });

  it('follows daylight saving time', () => {
    expect(formatInZone(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin').offset).toBe('UTC+2');
    expect(formatInZone(new Date('2026-01-01T12:00:00Z'), 'Europe/Berlin').offset).toBe('UTC+1');
  });
});

describe('timeZoneNames', () => {
  it('lists UTC first, once, and the zones the browser knows', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names.filter((n) => n === 'UTC')).toHaveLength(1);
    expect(names).toContain('Asia/Shanghai');
  });
});
