import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { RangeStore } from '../grid/range-store';
import type { RowRange } from '../grid/use-object-blocks';
import { GridPager, rangeText } from './GridPager';
import type { GridPagerProps } from './GridPager';

interface LiveTextProps {
  range: RangeStore;
  total: number | undefined;
  estimate: number | undefined;
}

/** Hidden from view, not from assistive technology. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The rows in view as text, following the scroll frame by frame: only this text re-renders. What
 * is seen changes every frame and is hidden from screen readers; the status (a live region) they
 * hear changes only once the scroll has stopped, not sixty times a second.
 */
function LiveRangeText({ range, total, estimate }: LiveTextProps) {
  const { t, i18n } = useTranslation();
  const current = useSyncExternalStore(range.subscribe, range.get);
  const [announced, setAnnounced] = useState(current);
  if (current.settled && current !== announced) setAnnounced(current);
  const text = (r: RowRange) =>
    rangeText(
      t,
      i18n.language,
      r.end >= r.start ? { from: r.start + 1, to: r.end + 1, total } : undefined,
      estimate,
    );
  return (
    <>
      <span aria-hidden="true">{text(current)}</span>
      <span role="status" style={VISUALLY_HIDDEN}>
        {text(announced)}
      </span>
    </>
  );
}

/**
 * The pager of the scrolling grid. Its status line follows the rows in view; the rest of the
 * pager (the size list above all) does not render again as the grid scrolls.
 */
export function GridPagerLive({ range, ...props }: GridPagerProps & { range: RangeStore }) {
  const { total, estimate } = props;
  const status = useMemo(
    () => <LiveRangeText range={range} total={total} estimate={estimate} />,
    [range, total, estimate],
  );
  return <GridPager {...props} status={status} />;
}
