import { describe, expect, it } from 'vitest';
import { figuresByDay } from './overview';

describe('figuresByDay', () => {
  it("sums each day's pushes in the reader's time zone and keeps empty days", () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const records = [
      { createdAt: '2026-03-10T01:00:00Z', devices: 4, successes: 3, errors: ['bad token'] },
      { createdAt: '2026-03-09T20:00:00Z', devices: 2, successes: 2, errors: [] },
      { createdAt: '2026-01-01T00:00:00Z', devices: 9, successes: 9, errors: [] },
    ];
    const days = figuresByDay(records, 3, 'Asia/Shanghai', now);
    expect(days).toEqual([
      { day: '2026-03-08', pushes: 0, targets: 0, successes: 0, failed: 0 },
      { day: '2026-03-09', pushes: 0, targets: 0, successes: 0, failed: 0 },
      { day: '2026-03-10', pushes: 2, targets: 6, successes: 5, failed: 1 },
    ]);
  });
});
