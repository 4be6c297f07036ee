/** The time left, in the unit a person would say it in; the page words it through i18n. */
export type Eta =
  | { unit: 'lessThanMinute' }
  | { unit: 'minutes'; count: number }
  | { unit: 'hours'; count: number }
  | { unit: 'days'; count: number };

/**
 * Rounds the bff's estimate to what is worth saying: "about 2 min", never "117 s", since the
 * rate changes as classes of different sizes go by.
 */
export function etaFromSeconds(seconds: number | null): Eta | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return { unit: 'lessThanMinute' };
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.round(seconds / 3600);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.round(seconds / 86_400) };
}
