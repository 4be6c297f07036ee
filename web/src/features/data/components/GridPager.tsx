import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../utils/estimate';
import { hasNextPage, PAGE_SIZES, rowRange } from '../utils/paging';
import type { PageSize, Paging } from '../utils/paging';

export interface GridPagerProps {
  paging: Paging;
  rowsOnPage: number;
  /** The exact number of rows; undefined while it is being counted. */
  total: number | undefined;
  /** An estimate of the rows shown ("of ≈ 1M") while the exact total is unknown. */
  estimate?: number | undefined;
  onChange: (change: Partial<Paging>) => void;
}

export function GridPager({ paging, rowsOnPage, total, estimate, onChange }: GridPagerProps) {
  const { t, i18n } = useTranslation();
  const range = rowRange(paging, rowsOnPage, total);
  const text = !range
    ? ''
    : range.total !== undefined
      ? t('data.rowRange', { from: range.from, to: range.to, total: range.total })
      : estimate !== undefined
        ? t('data.rowRangeEstimatedTotal', {
            from: range.from,
            to: range.to,
            total: formatCount(estimate, false, i18n.language),
          })
        : t('data.rowRangeUnknownTotal', { from: range.from, to: range.to });

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
        value={paging.pageSize}
        onChange={(e) => onChange({ pageSize: Number(e.target.value) as PageSize })}
        sx={{ width: 140 }}
      >
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" role="status" sx={{ flex: 1 }}>
        {text}
      </Typography>
      <IconButton
        aria-label={t('data.previousPage')}
        disabled={paging.page <= 1}
        onClick={() => onChange({ page: paging.page - 1 })}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton
        aria-label={t('data.nextPage')}
        disabled={!hasNextPage(paging, rowsOnPage, total)}
        onClick={() => onChange({ page: paging.page + 1 })}
      >
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}
