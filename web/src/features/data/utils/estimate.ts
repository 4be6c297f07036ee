/** How a class's count shows in the class list: exact, or rounded with "≈" when estimated. */
export function formatCount(count: number, exact: boolean, language: string): string {
  if (exact || count < 1000) {
    const n = new Intl.NumberFormat(language).format(count);
    return exact ? n : `≈ ${n}`;
  }
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  return `≈ ${compact.format(count)}`;
}

/** A class with no objects, as far as the counts known tell (an estimate never proves emptiness). */
export const isKnownEmpty = (stat: { estimatedCount: number; exact: boolean } | undefined): boolean =>
  stat !== undefined && stat.exact && stat.estimatedCount === 0;
