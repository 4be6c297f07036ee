/** What the grid knows of its row count: exact when counted, else an estimate, else nothing. */
export interface GridTotal {
  /** The exact number of rows matching the query. */
  total: number | undefined;
  /** An estimate shown ("≈ 1.2M") while the exact count is still coming. */
  estimate: number | undefined;
}

/**
 * The count of the query when it came, else the class statistics' figure: exact for small
 * classes (so their pager is complete at once), an estimate for large ones. The statistics count
 * the whole class, so they say nothing about a filtered query.
 */
export function gridTotal(
  counted: number | undefined,
  stat: { estimatedCount: number; exact: boolean } | undefined,
  filtered: boolean,
): GridTotal {
  if (counted !== undefined) return { total: counted, estimate: undefined };
  if (filtered || !stat) return { total: undefined, estimate: undefined };
  return stat.exact
    ? { total: stat.estimatedCount, estimate: undefined }
    : { total: undefined, estimate: stat.estimatedCount };
}
