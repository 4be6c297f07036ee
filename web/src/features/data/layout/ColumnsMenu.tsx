import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useTranslation } from 'react-i18next';
import type { GridLayout } from '@switchboard/shared';
import { useOpenedOnce } from '../../../lib/use-opened-once';
import { applyLayout, layoutOf, moveColumn, setHidden, setPinned } from './apply-layout';
import type { LaidOutColumn } from './apply-layout';

export interface ColumnsMenuProps {
  /** The grid's columns before any layout (buildColumns). */
  columns: readonly { key: string }[];
  layout: GridLayout | null;
  onLayoutChange: (layout: GridLayout) => void;
}

/** Show or hide, reorder and pin the grid's columns; the layout is the user's own. */
export function ColumnsMenu({ columns, layout, onLayoutChange }: ColumnsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const mounted = useOpenedOnce(anchor !== null);
  const laid = applyLayout(columns, layout);
  const change = (f: (c: LaidOutColumn<{ key: string }>[]) => LaidOutColumn<{ key: string }>[]) =>
    onLayoutChange(layoutOf(f(laid)));

  return (
    <>
      <Button
        startIcon={<ViewColumnIcon />}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('layout.columns')}
      </Button>
      {mounted && (
        <Popover
          open={anchor !== null}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{ paper: { role: 'dialog', 'aria-label': t('layout.columns') } }}
        >
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 1, maxHeight: 420, overflowY: 'auto' }}>
            {laid.map((col, i) => (
              <Box component="li" key={col.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <FormControlLabel
                  sx={{ flex: 1, mr: 1 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={!col.hidden}
                      onChange={(e) => change(setHidden(col.key, !e.target.checked))}
                    />
                  }
                  label={col.key}
                />
                <IconButton
                  size="small"
                  aria-label={t('layout.moveUp', { column: col.key })}
                  disabled={i === 0 || laid[i - 1]?.pinned !== col.pinned}
                  onClick={() => change(moveColumn(col.key, -1))}
                >
                  <ArrowUpwardIcon fontSize="inherit" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('layout.moveDown', { column: col.key })}
                  disabled={i === laid.length - 1 || laid[i + 1]?.pinned !== col.pinned}
                  onClick={() => change(moveColumn(col.key, 1))}
                >
                  <ArrowDownwardIcon fontSize="inherit" />
                </IconButton>
                <Tooltip title={col.pinned ? t('layout.unpin') : t('layout.pin')}>
                  <IconButton
                    size="small"
                    aria-label={t(col.pinned ? 'layout.unpinColumn' : 'layout.pinColumn', {
                      column: col.key,
                    })}
                    aria-pressed={col.pinned === 'left'}
                    onClick={() => change(setPinned(col.key, col.pinned !== 'left'))}
                  >
                    {col.pinned ? (
                      <PushPinIcon fontSize="inherit" />
                    ) : (
                      <PushPinOutlinedIcon fontSize="inherit" />
                    )}
                  </IconButton>
                </Tooltip>
              </Box>
            ))}
          </Box>
          <Divider />
          <Box sx={{ p: 1, display: 'flex', justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => onLayoutChange({ columns: [] })}>
              {t('layout.reset')}
            </Button>
          </Box>
        </Popover>
      )}
    </>
  );
}
