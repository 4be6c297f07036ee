import { useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { StoredObject } from '@switchboard/shared';
import { columnTypeLabel, columnWidth } from '../utils/columns';
import type { GridColumn } from '../utils/columns';
import { CellValue } from './CellValue';
import { gridSx, HEADER_HEIGHT, ROW_HEIGHT } from './grid-styles';

export interface ObjectGridProps {
  app: string;
  className: string;
  columns: readonly GridColumn[];
  rows: readonly StoredObject[];
  /** Rows before this page (skip), so row numbers announced are those of the whole class. */
  rowOffset: number;
  /** Objects in the class, when known. */
  total?: number | undefined;
}

/**
 * A read-only, virtualized grid: only the rows and columns in view are in the DOM, so a page of
 * 1,000 objects with many fields stays fast. ARIA grid roles and row/column indexes describe
 * the whole table to assistive technology even though most cells are not rendered.
 */
export function ObjectGrid({ app, className, columns, rows, rowOffset, total }: ObjectGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnDefs = useMemo<ColumnDef<StoredObject>[]>(
    () => columns.map((col) => ({ id: col.key, header: col.key, size: columnWidth(col) })),
    [columns],
  );
  // TanStack Table owns the column model that sorting, resizing and selection will build on.
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the table is only read during render
  const table = useReactTable({
    data: rows as StoredObject[],
    columns: columnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.objectId,
  });
  const leafColumns = table.getVisibleLeafColumns();
  const tableRows = table.getRowModel().rows;

  const rowVirtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    useFlushSync: false,
  });
  const colVirtualizer = useVirtualizer({
    horizontal: true,
    count: leafColumns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => leafColumns[i]?.getSize() ?? 200,
    overscan: 2,
    useFlushSync: false,
  });

  const virtualColumns = colVirtualizer.getVirtualItems();
  const width = colVirtualizer.getTotalSize();
  const padLeft = virtualColumns[0]?.start ?? 0;

  return (
    <Box
      ref={scrollRef}
      role="grid"
      aria-label={className}
      aria-readonly
      aria-rowcount={(total ?? rowOffset + rows.length) + 1}
      aria-colcount={columns.length}
      tabIndex={0}
      sx={gridSx}
    >
      <div role="rowgroup" className="grid-head" style={{ width }}>
        <div role="row" aria-rowindex={1} style={{ paddingLeft: padLeft, height: HEADER_HEIGHT }}>
          {virtualColumns.map((vc) => {
            const col = columns[vc.index];
            if (!col) return null;
            return (
              <div key={col.key} role="columnheader" aria-colindex={vc.index + 1} style={{ width: vc.size }}>
                <span className="grid-head-name">{col.key}</span>
                <span className="grid-head-type">{columnTypeLabel(col)}</span>
              </div>
            );
          })}
        </div>
      </div>
      <div role="rowgroup" style={{ width, height: rowVirtualizer.getTotalSize(), position: 'relative' }}>
        {rowVirtualizer.getVirtualItems().map((vr) => {
          const row = tableRows[vr.index];
          if (!row) return null;
          return (
            <div
              key={row.id}
              role="row"
              aria-rowindex={rowOffset + vr.index + 2}
              className="grid-row"
              style={{ transform: `translateY(${vr.start}px)`, paddingLeft: padLeft, height: ROW_HEIGHT }}
            >
              {virtualColumns.map((vc) => {
                const col = columns[vc.index];
                if (!col) return null;
                return (
                  <div key={col.key} role="gridcell" aria-colindex={vc.index + 1} style={{ width: vc.size }}>
                    <CellValue app={app} value={row.original[col.key]} columnType={col.type} />
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </Box>
  );
}
