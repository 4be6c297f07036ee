import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ClipboardEvent, KeyboardEvent } from 'react';
import { styled } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { StoredObject } from '@switchboard/shared';
import { useTimeZone } from '../../../lib/time-zone';
import { valueToText } from '../editing/codec';
import { cellKey } from '../editing/queue';
import { moveActive } from '../cells/grid-nav';
import type { ActiveCell } from '../cells/grid-nav';
import { GridHeaderCell } from '../cells/GridHeaderCell';
import type { GridSort } from '../cells/GridHeaderCell';
import { SelectAllCell, SELECT_WIDTH } from '../cells/SelectCells';
import { columnWidth } from '../utils/columns';
import type { GridColumn } from '../utils/columns';
import type { RowRange } from '../grid/use-object-blocks';
import { gridStyles, HEADER_HEIGHT, ROW_HEIGHT } from './grid-styles';
import { ObjectGridRow, useStableActions } from './ObjectGridRow';
import type { CellAction } from './ObjectGridRow';
import { gridLabels } from './CellValue';

export type { CellAction };

const GridRoot = styled('div')(({ theme }) => gridStyles(theme));

export interface ObjectGridProps {
  app: string;
  className: string;
  columns: readonly GridColumn[];
  /** The loaded rows: the whole grid when paged; the blocks in view when scrolling (`rowAt` given). */
  rows: readonly StoredObject[];
  /** Rows before this page (skip), so row numbers announced are those of the whole class. */
  rowOffset: number;
  /** Objects in the class (or an estimate), when known. */
  total?: number | undefined;
  /** Rows the scroll container offers, when it is more than `rows` (the scrolling grid). */
  rowCount?: number | undefined;
  /** Row `i` of the grid, undefined while it loads; without it, `rows[i]`. */
  rowAt?: ((index: number) => StoredObject | undefined) | undefined;
  /** Told which rows are in view, and whether the scroll has stopped, so their blocks load. */
  onRangeChange?: ((range: RowRange) => void) | undefined;
  sort?: readonly GridSort[] | undefined;
  onSortChange?: ((field: string, additive: boolean) => void) | undefined;
  /** Selected objectIds; the checkbox column shows when this is given. */
  selection?: ReadonlySet<string> | undefined;
  onSelectionChange?: ((next: Set<string>) => void) | undefined;
  /** Values waiting to be saved, by cellKey: shown in place of the stored ones and highlighted. */
  pendingValues?: ReadonlyMap<string, unknown> | undefined;
  /** Enter or double-click on a cell; without it the grid is read-only. */
  onEditCell?: CellAction | undefined;
  onPasteCell?: ((row: StoredObject, column: GridColumn, text: string) => void) | undefined;
  onOpenRelation?: CellAction | undefined;
  onViewValue?: CellAction | undefined;
}

/**
 * A virtualized grid: only the rows and columns in view are in the DOM, so a page of 1,000
 * objects, or a million scrolled through block by block (`rowCount`, `rowAt`), stays fast. ARIA grid roles and row/column indexes describe the whole
 * table to assistive technology even though most cells are not rendered; the active cell is the
 * grid's aria-activedescendant, moved with the arrows, Tab, Home and End.
 */
export function ObjectGrid(props: ObjectGridProps) {
  const { app, className, columns, rows, rowOffset, total, selection, pendingValues } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridId = useId();
  const [active, setActive] = useState<ActiveCell>();
  const selectable = selection !== undefined;
  const lead = selectable ? SELECT_WIDTH : 0;
  const colBase = selectable ? 2 : 1;
  const { t } = useTranslation();
  const { timeZone } = useTimeZone();
  const format = useMemo(() => ({ t, timeZone, labels: gridLabels(t) }), [t, timeZone]);
  const widths = useMemo(() => columns.map(columnWidth), [columns]);
  const rowCount = props.rowCount ?? rows.length;
  const rowAt = props.rowAt ?? ((i: number) => rows[i]);

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is read during render
  const rowVirtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    useFlushSync: false,
  });
  const colVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? 200,
    overscan: 2,
    paddingStart: lead,
    useFlushSync: false,
  });

  const virtualColumns = colVirtualizer.getVirtualItems();
  const virtualRows = rowVirtualizer.getVirtualItems();
  // The rows in view without the overscan: what the status line reports and the blocks cover.
  const first = rowVirtualizer.range?.startIndex ?? 0;
  const last = rowVirtualizer.range?.endIndex ?? -1;
  const settled = !rowVirtualizer.isScrolling;
  const { onRangeChange } = props;
  useEffect(() => {
    onRangeChange?.({ start: first, end: last, settled });
  }, [onRangeChange, first, last, settled]);
  const onActivate = useCallback((row: number, col: number) => setActive({ row, col }), []);
  const width = colVirtualizer.getTotalSize();
  const padLeft = (virtualColumns[0]?.start ?? lead) - lead;
  const cellId = useCallback((r: number, c: number) => `${gridId}-${r}-${c}`, [gridId]);
  const cellActions = useStableActions(props);
  const activeRow = active ? rowAt(active.row) : undefined;
  const activeColumn = active ? columns[active.col] : undefined;
  const valueOf = (row: StoredObject, col: GridColumn) => {
    const key = cellKey(row.objectId, col.key);
    return pendingValues?.has(key) ? pendingValues.get(key) : row[col.key];
  };

  const activate = (next: ActiveCell) => {
    setActive(next);
    rowVirtualizer.scrollToIndex(next.row);
    colVirtualizer.scrollToIndex(next.col);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' && activeRow && activeColumn) {
      e.preventDefault();
      props.onEditCell?.(activeRow, activeColumn);
      return;
    }
    if (e.key === 'Escape') {
      setActive(undefined);
      return;
    }
    const next = moveActive(active, e.key, e.shiftKey, rowCount, columns.length);
    if (!next) return;
    // Tab leaves the grid from its last cell, so keyboard users are never trapped in it.
    if (e.key === 'Tab' && active && next.row === active.row && next.col === active.col) return;
    e.preventDefault();
    activate(next);
  };

  const onCopy = (e: ClipboardEvent) => {
    if (e.target !== e.currentTarget || !activeRow || !activeColumn) return;
    e.preventDefault();
    e.clipboardData.setData('text/plain', valueToText(valueOf(activeRow, activeColumn)));
  };
  const onPaste = (e: ClipboardEvent) => {
    if (e.target !== e.currentTarget || !activeRow || !activeColumn || !props.onPasteCell) return;
    e.preventDefault();
    props.onPasteCell(activeRow, activeColumn, e.clipboardData.getData('text/plain'));
  };

  return (
    <GridRoot
      ref={scrollRef}
      role="grid"
      aria-label={className}
      aria-readonly={props.onEditCell ? undefined : true}
      aria-multiselectable={selectable || undefined}
      aria-rowcount={(total ?? rowOffset + rowCount) + 1}
      aria-colcount={columns.length + colBase - 1}
      aria-activedescendant={active ? cellId(active.row, active.col) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onCopy={onCopy}
      onPaste={onPaste}
    >
      <div role="rowgroup" className="grid-head" style={{ width }}>
        <div role="row" aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
          {selectable && (
            <SelectAllCell rows={rows} selection={selection} onChange={props.onSelectionChange} />
          )}
          {virtualColumns.map((vc, i) => {
            const col = columns[vc.index];
            if (!col) return null;
            return (
              <GridHeaderCell
                key={col.key}
                column={col}
                colIndex={vc.index + colBase}
                width={vc.size}
                marginLeft={i === 0 ? padLeft : undefined}
                sort={props.sort}
                onSortChange={props.onSortChange}
              />
            );
          })}
        </div>
      </div>
      <div role="rowgroup" style={{ width, height: rowVirtualizer.getTotalSize(), position: 'relative' }}>
        {virtualRows.map((vr) => {
          const obj = rowAt(vr.index);
          return (
            <ObjectGridRow
              key={obj?.objectId ?? `loading-${vr.index}`}
              app={app}
              format={format}
              obj={obj}
              index={vr.index}
              rowIndex={rowOffset + vr.index + 2}
              start={vr.start}
              columns={columns}
              virtualColumns={virtualColumns}
              padLeft={padLeft}
              colBase={colBase}
              activeCol={active?.row === vr.index ? active.col : undefined}
              cellId={cellId}
              selection={selection}
              onSelectionChange={props.onSelectionChange}
              pendingValues={pendingValues}
              onActivate={onActivate}
              {...cellActions}
            />
          );
        })}
      </div>
    </GridRoot>
  );
}
