import { memo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslation } from 'react-i18next';
import type { GridLayout, ReportedField } from '@switchboard/shared';
import type { ObjectsQuery } from '../api/keys';
import type { GridColumn } from '../utils/columns';
import { ColumnsMenu } from '../layout/ColumnsMenu';
import { ExportMenu } from '../transfer/ExportMenu';
import { ImportButton } from '../transfer/ImportButton';
import { ClassHeaderActions } from './classes/ClassHeaderActions';

export interface ClassPageHeaderProps {
  app: string;
  className: string;
  canWrite: boolean;
  fields: Record<string, ReportedField> | undefined;
  columns: readonly GridColumn[];
  layout: GridLayout | null;
  onLayoutChange: (layout: GridLayout) => void;
  query: ObjectsQuery;
  whereError: string | undefined;
  onReload: () => void;
}

/**
 * The class page's title and actions. Memoized: the page renders again as the grid scrolls and
 * loads blocks of rows, and none of this changes then.
 */
export const ClassPageHeader = memo(function ClassPageHeader(p: ClassPageHeaderProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}>
      <Typography variant="h6" component="h1" noWrap>
        {p.className}
      </Typography>
      {!p.canWrite && <Chip size="small" label={t('edit.readOnly')} />}
      <Box sx={{ flex: 1 }} />
      {p.fields && <ClassHeaderActions app={p.app} className={p.className} />}
      <ColumnsMenu columns={p.columns} layout={p.layout} onLayoutChange={p.onLayoutChange} />
      <ImportButton app={p.app} className={p.className} fields={p.fields} />
      <ExportMenu app={p.app} className={p.className} query={p.query} whereError={p.whereError} />
      <Tooltip title={t('data.refresh')}>
        <IconButton aria-label={t('data.refresh')} onClick={p.onReload}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
});
