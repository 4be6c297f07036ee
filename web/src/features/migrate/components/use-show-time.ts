import { formatInZone, useTimeZone } from '../../../lib/time-zone';

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
