import { useQuery } from '@tanstack/react-query';
import { gridTotal } from '../utils/grid-total';
import type { GridTotal } from '../utils/grid-total';
import { classCountQueryOptions } from './get-class-count';
import { useClassStats } from './get-class-stats';

/**
 * The row count of the grid's query, asked apart from its page (`limit=0&count=1`, same `where`)
 * once the page is there: on a large class the exact count is slow, and a single-connection
 * database would make the first rows wait behind it. Until it comes, an unfiltered class shows
 * its figure from the class statistics.
 */
export function useObjectsTotal(
  app: string,
  className: string,
  where: string | undefined,
  pageLoaded: boolean,
): GridTotal {
  const count = useQuery({ ...classCountQueryOptions(app, className, where), enabled: pageLoaded });
  const stats = useClassStats(app);
  const stat = stats.status === 'ready' ? stats.byName.get(className) : undefined;
  return gridTotal(count.data, stat, where !== undefined);
}
