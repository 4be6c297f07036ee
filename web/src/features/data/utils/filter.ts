/** Class names containing the search text (case-insensitive), in alphabetical order. */
export function filterClassNames(names: readonly string[], search: string): string[] {
  const needle = search.trim().toLowerCase();
  return names
    .filter((name) => name.toLowerCase().includes(needle))
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}
