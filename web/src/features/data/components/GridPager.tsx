import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatCount } from '../utils/estimate';
import { hasNextPage, PAGE_SIZES, rowRange } from '../utils/paging';
import type { PageSize, Paging } from '../utils/paging';

export interface GridPagerProps {
  /** The page shown; undefined while the grid scrolls through the whole result. */
  paging: Paging | undefined;
  /** Whether "all rows, scrolling" is offered (the sort allows it). */
  canScroll?: boolean | undefined;
  rowsOnPage: number;
  /** While scrolling: the rows in view, 1-based. */
  shown?: { from: number; to: number } | undefined;
  /** The status line's text, given by a component that follows the scroll on its own. */
  status?: ReactNode;
  /** The exact number of rows; undefined while it is being counted. */
  total: number | undefined;
  /** An estimate of the rows shown ("of ≈ 1M") while the exact total is unknown. */
  estimate?: number | undefined;
  onChange: (change: Partial<Paging>) => void;
  /** A choice in the size list: a page size, or scrolling through everything. */
  onSizeChange?: ((choice: PageSize | 'scroll') => void) | undefined;
}

/** "Rows 1–30 of 1,000", with an estimated or unknown total while the exact one is counted. */
export function rangeText(
  t: TFunction,
  language: string,
  range: { from: number; to: number; total: number | undefined } | undefined,
  estimate: number | undefined,
): string {
  if (!range) return '';
  if (range.total !== undefined)
    return t('data.rowRange', { from: range.from, to: range.to, total: range.total });
  if (estimate !== undefined)
    return t('data.rowRangeEstimatedTotal', {
      from: range.from,
      to: range.to,
      total: formatCount(estimate, false, language),
    });
  return t('data.rowRangeUnknownTotal', { from: range.from, to: range.to });
}

export function GridPager(props: GridPagerProps) {
  const { paging, total, estimate, onChange } = props;
  const { t, i18n } = useTranslation();
  const range = paging ? rowRange(paging, props.rowsOnPage, total) : props.shown && { ...props.shown, total };
  const text = props.status ?? rangeText(t, i18n.language, range, estimate);
  const choose = (value: string) => {
    const choice = value === 'scroll' ? value : (Number(value) as PageSize);
    if (props.onSizeChange) props.onSizeChange(choice);
    else if (choice !== 'scroll') onChange({ pageSize: choice });
  };

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <TextField
        select
        size="small"
        label={t('data.pageSize')}
        value={paging?.pageSize ?? 'scroll'}
        onChange={(e) => choose(e.target.value)}
        // Wide enough for its longest choice in any language ("全部（滚动）" is wider than "All (scroll)").
        sx={{ minWidth: 140 }}
      >
        {(props.canScroll || !paging) && <MenuItem value="scroll">{t('data.scrollAll')}</MenuItem>}
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      {/* A given status brings its own live region (GridPagerLive). */}
      <Typography variant="body2" role={props.status === undefined ? 'status' : undefined} sx={{ flex: 1 }}>
        {text}
      </Typography>
      {paging && (
        <>
          <IconButton
            aria-label={t('data.previousPage')}
            disabled={paging.page <= 1}
            onClick={() => onChange({ page: paging.page - 1 })}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label={t('data.nextPage')}
            disabled={!hasNextPage(paging, props.rowsOnPage, total)}
            onClick={() => onChange({ page: paging.page + 1 })}
          >
            <ChevronRightIcon />
          </IconButton>
        </>
      )}
    </Box>
  );
}
