import type { GridLayout, GridLayoutColumn } from '@switchboard/shared';

/** A grid column as the layout leaves it: where it stands, whether shown, how wide, pinned. */
export type LaidOutColumn<C extends { key: string }> = C & {
  hidden: boolean;
  width: number | undefined;
  pinned: 'left' | null;
};

/** The layout's column order: `order` when sent, else the order of `columns`. */
const orderOf = (layout: GridLayout): string[] => layout.order ?? layout.columns.map((c) => c.key);

/**
 * The grid's columns arranged by a saved layout: columns the layout names come in its order,
 * columns it does not know (fields added since) keep their place after the column before them,
 * and names of fields that are gone are ignored. Pinned columns move to the front, in order.
 */
export function applyLayout<C extends { key: string }>(
  columns: readonly C[],
  layout: GridLayout | null | undefined,
): LaidOutColumn<C>[] {
  const settings = new Map<string, GridLayoutColumn>(layout?.columns.map((c) => [c.key, c]) ?? []);
  const rank = new Map(orderOf(layout ?? { columns: [] }).map((key, i) => [key, i]));
  // A new column sorts right after the nearest known column before it in the grid's own order.
  let lastRank = -1;
  const keyed = columns.map((col, index) => {
    const r = rank.get(col.key);
    if (r !== undefined) lastRank = r;
    return { col, rank: r ?? lastRank + 0.5, index };
  });
  keyed.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const laid = keyed.map(({ col }): LaidOutColumn<C> => {
    const s = settings.get(col.key);
    return { ...col, hidden: s?.hidden ?? false, width: s?.width, pinned: s?.pinned ?? null };
  });
  return [...laid.filter((c) => c.pinned === 'left'), ...laid.filter((c) => c.pinned !== 'left')];
}

/** The layout that records these columns as they are now arranged. */
export function layoutOf(columns: readonly LaidOutColumn<{ key: string }>[]): GridLayout {
  return {
    columns: columns.map((c) => {
      const out: GridLayoutColumn = { key: c.key };
      if (c.hidden) out.hidden = true;
      if (c.width !== undefined) out.width = c.width;
      if (c.pinned) out.pinned = c.pinned;
      return out;
    }),
  };
}

type Change<C extends { key: string }> = (columns: LaidOutColumn<C>[]) => LaidOutColumn<C>[];

export const setHidden =
  <C extends { key: string }>(key: string, hidden: boolean): Change<C> =>
  (columns) =>
    columns.map((c) => (c.key === key ? { ...c, hidden } : c));

export const setWidth =
  <C extends { key: string }>(key: string, width: number): Change<C> =>
  (columns) =>
    columns.map((c) => (c.key === key ? { ...c, width: Math.round(width) } : c));

export const setPinned =
  <C extends { key: string }>(key: string, pinned: boolean): Change<C> =>
  (columns) =>
    columns.map((c) => (c.key === key ? { ...c, pinned: pinned ? 'left' : null } : c));

/** Moves a column one place up (-1) or down (+1); it stays among the pinned or unpinned ones. */
export const moveColumn =
  <C extends { key: string }>(key: string, by: -1 | 1): Change<C> =>
  (columns) => {
    const from = columns.findIndex((c) => c.key === key);
    const to = from + by;
    const moving = columns[from];
    const other = columns[to];
    if (!moving || !other || other.pinned !== moving.pinned) return columns;
    const next = [...columns];
    next[from] = other;
    next[to] = moving;
    return next;
  };
