import { SCHEDULE_MIN_AHEAD_MS } from '@switchboard/shared';
import { zoneOffsetMs } from '../../../lib/time-zone';

/**
 * The instant a wall-clock date ("2026-11-25") and time ("21:30") name in `timeZone`, or undefined
 * when they are not a date and time. Corrected once, so a time next to a DST change lands right.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date | undefined {
  const dm = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const tm = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dm || !tm) return undefined;
  const wall = Date.UTC(Number(dm[1]), Number(dm[2]) - 1, Number(dm[3]), Number(tm[1]), Number(tm[2]));
  if (Number.isNaN(wall)) return undefined;
  try {
    let utc = wall - zoneOffsetMs(new Date(wall), timeZone);
    utc = wall - zoneOffsetMs(new Date(utc), timeZone);
    return new Date(utc);
  } catch {
    return undefined;
  }
}

/** The wall-clock date and time of `at` in `timeZone`, as the date and time inputs take them. */
export function utcToZonedInputs(at: Date, timeZone: string): { date: string; time: string } {
  const wall = new Date(at.getTime() + zoneOffsetMs(at, timeZone));
  const iso = wall.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Doc 2: a push_time less than a minute ahead is sent at once, so the console calls it "now". */
export const isEffectivelyNow = (at: Date, now: Date): boolean =>
  at.getTime() - now.getTime() < SCHEDULE_MIN_AHEAD_MS;
