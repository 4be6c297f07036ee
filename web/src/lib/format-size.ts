const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A byte count as people read it: "512 byte", "1.5 kB", "1.1 GB" in the page's language. */
export function formatSize(bytes: number, locale?: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
