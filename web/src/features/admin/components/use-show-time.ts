import { formatInZone, useTimeZone } from '../../../lib/time-zone';

/** Times in the zone chosen in the settings, with its offset. */
export function useShowTime(): (iso: string) => string {
  const { timeZone } = useTimeZone();
  return (iso) => {
    const { text, offset } = formatInZone(new Date(iso), timeZone);
    return `${text} ${offset}`;
  };
}
