import { formatInZone } from '../../../lib/time-zone';

export interface RecordFigures {
  createdAt: string;
  devices: number;
  successes: number;
  errors: string[];
}

export interface DayFigures {
  /** YYYY-MM-DD in the reader's time zone. */
  day: string;
  pushes: number;
  targets: number;
  successes: number;
  /** Pushes whose record holds errors. */
  failed: number;
}

/** The calendar day of an instant in `timeZone`. */
const dayOf = (d: Date, timeZone: string) => formatInZone(d, timeZone).text.slice(0, 10);

/** Pushes, targets, successes and failed pushes per day, for each of the `days` days up to `now`. */
export function figuresByDay(
  records: RecordFigures[],
  days: number,
  timeZone: string,
  now: Date,
): DayFigures[] {
  const out = new Map<string, DayFigures>();
  for (let i = days - 1; i >= 0; i--) {
    const day = dayOf(new Date(now.getTime() - i * 86_400_000), timeZone);
    out.set(day, { day, pushes: 0, targets: 0, successes: 0, failed: 0 });
  }
  for (const r of records) {
    const f = out.get(dayOf(new Date(r.createdAt), timeZone));
    if (!f) continue;
    f.pushes++;
    f.targets += r.devices;
    f.successes += r.successes;
    if (r.errors.length > 0) f.failed++;
  }
  return [...out.values()];
}
