import { memo } from 'react';
import type { MouseEvent } from 'react';
import { columnTypeLabel } from '../utils/columns';
import type { GridColumn } from '../utils/columns';
import { ColumnOptionMarks } from './ColumnOptionMarks';
import { sortMark } from './grid-nav';

export interface GridSort {
  field: string;
  desc: boolean;
}

export interface GridHeaderCellProps {
  column: GridColumn;
  colIndex: number;
  width: number;
  marginLeft?: number | undefined;
  sort?: readonly GridSort[] | undefined;
  /** Click sorts by the column; Shift+click adds it as a further key. */
  onSortChange?: ((field: string, additive: boolean) => void) | undefined;
}

/**
 * A column's name and type; a button that sorts when the page offers sorting. Memoized: the grid
 * renders at every scrolled frame.
 */
export const GridHeaderCell = memo(function GridHeaderCell({
  column,
  colIndex,
  width,
  marginLeft,
  sort,
  onSortChange,
}: GridHeaderCellProps) {
  const mark = sortMark(sort, column.key);
  const name = (
    <>
      <span className="grid-head-name">
        {column.key}
        {mark && <span className="grid-head-sort"> {mark.arrow}</span>}
      </span>
      <span className="grid-head-type">
        {columnTypeLabel(column)}
        {column.options && <ColumnOptionMarks options={column.options} />}
      </span>
    </>
  );
  return (
    <div
      role="columnheader"
      aria-colindex={colIndex}
      aria-sort={mark?.first ? (mark.desc ? 'descending' : 'ascending') : undefined}
      style={{ width, marginLeft }}
    >
      {onSortChange ? (
        <button
          type="button"
          className="grid-head-button"
          onClick={(e: MouseEvent) => onSortChange(column.key, e.shiftKey)}
        >
          {name}
        </button>
      ) : (
        name
      )}
    </div>
  );
});
