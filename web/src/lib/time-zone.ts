import { createContext, useContext } from 'react';

/** The zone the browser runs in (what "not chosen" means). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone name the browser knows, for pickers; UTC first. */
export function timeZoneNames(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const names = intl.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...names.filter((n) => n !== 'UTC')];
}

/** One formatter per zone: building one costs far more than using it, and grids show many dates. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Milliseconds `timeZone`'s wall clock is ahead of UTC at `at`. */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * A date and time as wall-clock time in `timeZone` ("2026-11-23 09:15:04"), which sorts and
 * compares at a glance in any language, with the zone's UTC offset ("UTC+8") so a reader never
 * has to guess which clock it is.
 */
export function formatInZone(date: Date, timeZone: string): { text: string; offset: string } {
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    text: `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`,
    // ICU versions name zero "GMT", "GMT+0" or "UTC"; one spelling, as the console says UTC.
    offset: get('timeZoneName')
      .replace(/^GMT/, 'UTC')
      .replace(/^UTC\+0$/, 'UTC'),
  };
}

export interface TimeZoneState {
  /** The zone dates are shown in. */
  timeZone: string;
  /** The person's choice; null follows the browser. */
  preference: string | null;
  setPreference: (timeZone: string | null) => void;
}

export const TimeZoneContext = createContext<TimeZoneState | null>(null);

/** The zone to show dates in; without a provider, the browser's. */
export function useTimeZone(): TimeZoneState {
  return (
    useContext(TimeZoneContext) ?? {
      timeZone: browserTimeZone(),
      preference: null,
      setPreference: () => undefined,
    }
  );
}

/** Times in the zone chosen in the settings, with its offset. */
export function useShowTime(): (iso: string) => string {
  const { timeZone } = useTimeZone();
  return (iso) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    const { text, offset } = formatInZone(date, timeZone);
    return `${text} ${offset}`;
  };
}
