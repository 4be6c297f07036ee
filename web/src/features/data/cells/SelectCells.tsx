import { memo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import { useTranslation } from 'react-i18next';
import type { StoredObject } from '@switchboard/shared';

export const SELECT_WIDTH = 44;

interface SelectionProps {
  selection: ReadonlySet<string>;
  onChange?: ((next: Set<string>) => void) | undefined;
}

/**
 * Selects or clears every row of the page (other pages' selections stay as they are). Memoized:
 * the grid renders at every scrolled frame, and this counts the selected rows among all loaded.
 */
export const SelectAllCell = memo(function SelectAllCell({
  rows,
  selection,
  onChange,
}: SelectionProps & { rows: readonly StoredObject[] }) {
  const { t } = useTranslation();
  const onPage = rows.filter((r) => selection.has(r.objectId)).length;
  const all = rows.length > 0 && onPage === rows.length;
  const toggle = () => {
    const next = new Set(selection);
    for (const r of rows) {
      if (all) next.delete(r.objectId);
      else next.add(r.objectId);
    }
    onChange?.(next);
  };
  return (
    <div role="columnheader" aria-colindex={1} className="grid-select" style={{ width: SELECT_WIDTH }}>
      <Checkbox
        size="small"
        checked={all}
        indeterminate={onPage > 0 && !all}
        onChange={toggle}
        slotProps={{ input: { 'aria-label': t('edit.selectAll') } }}
      />
    </div>
  );
});

/**
 * A row's checkbox: a native input, not MUI's Checkbox, since scrolling mounts one per row that
 * comes into view and MUI's brings a ripple, an icon and generated styles with each. `label` is
 * its accessible name, translated once by the grid.
 */
export function SelectRowCell({
  objectId,
  selection,
  onChange,
  label,
}: SelectionProps & { objectId: string; label: string }) {
  const checked = selection.has(objectId);
  const toggle = () => {
    const next = new Set(selection);
    if (checked) next.delete(objectId);
    else next.add(objectId);
    onChange?.(next);
  };
  return (
    <div role="gridcell" aria-colindex={1} className="grid-select" style={{ width: SELECT_WIDTH }}>
      <input type="checkbox" className="grid-check" checked={checked} onChange={toggle} aria-label={label} />
    </div>
  );
}
