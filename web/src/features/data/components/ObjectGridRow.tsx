import { memo, useCallback, useLayoutEffect, useRef } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { StoredObject } from '@switchboard/shared';
import { cellKey } from '../editing/queue';
import { SelectRowCell, SELECT_WIDTH } from '../cells/SelectCells';
import type { GridColumn } from '../utils/columns';
import { fitsCell } from '../utils/cell-fit';
import { formatCell } from '../utils/format';
import { CellValue } from './CellValue';
import type { CellFormat } from './CellValue';
import { ROW_HEIGHT } from './grid-styles';

export type CellAction = (row: StoredObject, column: GridColumn) => void;

export interface ObjectGridRowProps {
  app: string;
  format: CellFormat;
  /** The row's object; undefined while its block is loading (a placeholder row is shown). */
  obj: StoredObject | undefined;
  index: number;
  rowIndex: number;
  start: number;
  columns: readonly GridColumn[];
  virtualColumns: readonly VirtualItem[];
  padLeft: number;
  colBase: number;
  activeCol: number | undefined;
  cellId: (r: number, c: number) => string;
  selection?: ReadonlySet<string> | undefined;
  onSelectionChange?: ((next: Set<string>) => void) | undefined;
  pendingValues?: ReadonlyMap<string, unknown> | undefined;
  onActivate: (row: number, col: number) => void;
  onEditCell?: CellAction | undefined;
  onOpenRelation?: CellAction | undefined;
  onViewValue?: CellAction | undefined;
}

type Actions = Pick<ObjectGridRowProps, 'onEditCell' | 'onOpenRelation' | 'onViewValue'>;

/**
 * The cell actions as functions that keep their identity across renders (each calls the latest
 * one given), so a scrolled frame renders only the rows that came into view, not every row.
 */
export function useStableActions(props: Actions): Actions {
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const edit = useCallback<CellAction>((r, c) => latest.current.onEditCell?.(r, c), []);
  const relation = useCallback<CellAction>((r, c) => latest.current.onOpenRelation?.(r, c), []);
  const view = useCallback<CellAction>((r, c) => latest.current.onViewValue?.(r, c), []);
  return {
    onEditCell: props.onEditCell && edit,
    onOpenRelation: props.onOpenRelation && relation,
    onViewValue: props.onViewValue && view,
  };
}

/** One row of the grid: its cells in view, or empty placeholder cells while its block loads. */
export const ObjectGridRow = memo(function ObjectGridRow(p: ObjectGridRowProps) {
  const { obj, selection, pendingValues } = p;
  const selectable = selection !== undefined;
  const style = { top: p.start, height: ROW_HEIGHT };
  if (!obj) {
    return (
      <div
        role="row"
        aria-rowindex={p.rowIndex}
        aria-busy
        className="grid-row grid-row-loading"
        style={style}
      >
        {selectable && (
          <div role="gridcell" aria-colindex={1} className="grid-select" style={{ width: SELECT_WIDTH }} />
        )}
        {p.virtualColumns.map((vc, i) => (
          <div
            key={vc.key}
            role="gridcell"
            aria-colindex={vc.index + p.colBase}
            style={{ width: vc.size, marginLeft: i === 0 ? p.padLeft : undefined }}
          />
        ))}
      </div>
    );
  }
  const valueOf = (col: GridColumn) => {
    const key = cellKey(obj.objectId, col.key);
    return pendingValues?.has(key) ? pendingValues.get(key) : obj[col.key];
  };
  return (
    <div
      role="row"
      aria-rowindex={p.rowIndex}
      aria-selected={selectable ? selection.has(obj.objectId) : undefined}
      className="grid-row"
      style={style}
    >
      {selectable && (
        <SelectRowCell
          objectId={obj.objectId}
          selection={selection}
          onChange={p.onSelectionChange}
          label={p.format.labels.selectRow(obj)}
        />
      )}
      {p.virtualColumns.map((vc, i) => {
        const col = p.columns[vc.index];
        if (!col) return null;
        const isActive = p.activeCol === vc.index;
        const pending = pendingValues?.has(cellKey(obj.objectId, col.key)) ?? false;
        const view = formatCell(valueOf(col), col.type, p.format.timeZone);
        const classes = [
          !fitsCell(view, vc.size) && 'cell-clip',
          isActive && 'cell-active',
          pending && 'cell-pending',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <div
            key={col.key}
            id={p.cellId(p.index, vc.index)}
            role="gridcell"
            aria-colindex={vc.index + p.colBase}
            className={classes || undefined}
            style={{ width: vc.size, marginLeft: i === 0 ? p.padLeft : undefined }}
            onClick={() => p.onActivate(p.index, vc.index)}
            onDoubleClick={() => p.onEditCell?.(obj, col)}
          >
            <CellValue
              app={p.app}
              format={p.format}
              view={view}
              onOpenRelation={p.onOpenRelation && (() => p.onOpenRelation?.(obj, col))}
              onView={p.onViewValue && (() => p.onViewValue?.(obj, col))}
            />
          </div>
        );
      })}
    </div>
  );
});
