import { describe, expect, it } from 'vitest';
import { isQuiet, onlineSeries, peakOf, total } from './overview';

const at = (iso: string) => new Date(iso);

describe('onlineSeries', () => {
  it('has every 5-minute bucket of the last 24 hours, null where no sample was taken', () => {
    const points = onlineSeries(
      {
        bucketMinutes: 5,
        online: [
          { at: '2026-11-29T06:50:00.000Z', count: 4 },
          { at: '2026-11-28T07:00:00.000Z', count: 1 },
        ],
      },
      at('2026-11-29T06:52:30Z'),
    );
    expect(points).toHaveLength(288);
    expect(points.at(-1)).toEqual({ at: at('2026-11-29T06:50:00Z'), count: 4 });
    expect(points[0]).toEqual({ at: at('2026-11-28T06:55:00Z'), count: null });
    expect(points[1]).toEqual({ at: at('2026-11-28T07:00:00Z'), count: 1 });
    expect(points.filter((p) => p.count !== null)).toHaveLength(2);
    expect(peakOf(points)?.count).toBe(4);
  });

  it("ends at the server's newest bucket when the browser's clock is behind", () => {
    const points = onlineSeries(
      { bucketMinutes: 5, online: [{ at: '2026-11-29T07:00:00.000Z', count: 2 }] },
      at('2026-11-29T06:58:00Z'),
    );
    expect(points.at(-1)).toEqual({ at: at('2026-11-29T07:00:00Z'), count: 2 });
    expect(points).toHaveLength(288);
  });
});

describe('totals', () => {
  const days = [
    { day: '2026-11-28', users: 2, messages: 10 },
    { day: '2026-11-29', users: 3, messages: 0 },
  ];
  it('add up a series and tell a quiet period', () => {
    expect(total(days, 'messages')).toBe(10);
    expect(total(days, 'users')).toBe(5);
    const quiet = { onlineNow: 0, usersToday: 0, timeZone: 'UTC', bucketMinutes: 5, online: [] };
    expect(isQuiet({ ...quiet, days })).toBe(false);
    expect(isQuiet({ ...quiet, days: days.map((d) => ({ ...d, users: 0, messages: 0 })) })).toBe(true);
    expect(peakOf([])).toBeUndefined();
  });
});
