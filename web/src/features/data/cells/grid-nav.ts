/** The focused cell of the grid: indexes into the page's rows and the columns. */
export interface ActiveCell {
  row: number;
  col: number;
}

const MOVE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Tab']);

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max - 1));

/**
 * Where a navigation key moves the active cell; undefined when the key is not a move. Tab runs
 * along the row and wraps to the next one, like a spreadsheet; Shift+Tab goes back.
 */
export function moveActive(
  active: ActiveCell | undefined,
  key: string,
  shift: boolean,
  rowCount: number,
  colCount: number,
): ActiveCell | undefined {
  if (rowCount === 0 || colCount === 0) return undefined;
  // The first move into a grid with no active cell lands on its first cell.
  if (!active) return MOVE_KEYS.has(key) ? { row: 0, col: 0 } : undefined;
  const at = active;
  switch (key) {
    case 'ArrowUp':
      return { row: clamp(at.row - 1, rowCount), col: at.col };
    case 'ArrowDown':
      return { row: clamp(at.row + 1, rowCount), col: at.col };
    case 'ArrowLeft':
      return { row: at.row, col: clamp(at.col - 1, colCount) };
    case 'ArrowRight':
      return { row: at.row, col: clamp(at.col + 1, colCount) };
    case 'Home':
      return { row: at.row, col: 0 };
    case 'End':
      return { row: at.row, col: colCount - 1 };
    case 'Tab': {
      const flat = at.row * colCount + at.col + (shift ? -1 : 1);
      const last = rowCount * colCount - 1;
      const i = Math.max(0, Math.min(flat, last));
      return { row: Math.floor(i / colCount), col: i % colCount };
    }
    default:
      return undefined;
  }
}

/** The sort arrow of a column, and its place when several columns sort. */
export function sortMark(sort: readonly { field: string; desc: boolean }[] | undefined, field: string) {
  const i = sort?.findIndex((s) => s.field === field) ?? -1;
  if (!sort || i < 0) return undefined;
  const arrow = sort[i]!.desc ? '↓' : '↑';
  return { arrow: sort.length > 1 ? `${arrow}${i + 1}` : arrow, desc: sort[i]!.desc, first: i === 0 };
}

/** The grid's sort from an API `order` list (`-field` is descending). */
export const sortFromOrder = (order: readonly string[]): { field: string; desc: boolean }[] =>
  order.map((key) =>
    key.startsWith('-') ? { field: key.slice(1), desc: true } : { field: key, desc: false },
  );
