import { useSyncExternalStore } from 'react';
import type { RangeStore } from '../grid/range-store';
import { GridPager } from './GridPager';
import type { GridPagerProps } from './GridPager';

/** The pager of the scrolling grid: its status line follows the rows in view, frame by frame. */
export function GridPagerLive({ range, ...props }: GridPagerProps & { range: RangeStore }) {
  const { start, end } = useSyncExternalStore(range.subscribe, range.get);
  return <GridPager {...props} shown={end >= start ? { from: start + 1, to: end + 1 } : undefined} />;
}
