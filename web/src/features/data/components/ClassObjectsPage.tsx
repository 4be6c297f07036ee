import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useObjects } from '../api/get-objects';
import { useSchemas } from '../api/get-schemas';
import { classKeys } from '../api/keys';
import { buildColumns } from '../utils/columns';
import { pageQuery, readPaging, writePaging } from '../utils/paging';
import type { Paging } from '../utils/paging';
import { GridPager } from './GridPager';
import { ObjectGrid } from './ObjectGrid';

/** Newest first: what someone opening a class usually looks for. */
const ORDER = '-createdAt';

export function ClassObjectsPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const className = useRequiredParam('className');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const paging = readPaging(params);
  const query = { ...pageQuery(paging), order: ORDER };
  const schemas = useSchemas(app);
  const objects = useObjects(app, className, query);
  const fields = schemas.data?.[className];
  const rows = objects.data?.results;
  const columns = useMemo(() => buildColumns(fields, rows), [fields, rows]);
  const pointerTarget = params.get('objectId');

  const changePaging = (change: Partial<Paging>) => setParams(writePaging(params, change));
  const reload = () => void queryClient.invalidateQueries({ queryKey: classKeys.detail(app, className) });

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}>
      <Typography variant="h6" component="h1" noWrap>
        {className}
      </Typography>
      <Chip size="small" label={t('data.readOnly')} />
      <Box sx={{ flex: 1 }} />
      <Tooltip title={t('data.refresh')}>
        <IconButton aria-label={t('data.refresh')} onClick={reload}>
          <RefreshIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );

  const body = () => {
    if (schemas.error) return <ErrorAlert error={schemas.error} onRetry={() => void schemas.refetch()} />;
    if (objects.error) return <ErrorAlert error={objects.error} onRetry={() => void objects.refetch()} />;
    if (schemas.isPending || !rows) return <LoadingState />;
    if (!fields) return <Alert severity="warning">{t('data.classNotFound', { className })}</Alert>;
    if (rows.length === 0 && paging.page === 1) return <Typography>{t('data.noObjects')}</Typography>;
    if (rows.length === 0)
      return (
        <Alert
          severity="info"
          action={<Button onClick={() => changePaging({ page: 1 })}>{t('data.firstPage')}</Button>}
        >
          {t('data.pageEmpty')}
        </Alert>
      );
    return null;
  };
  const message = body();

  return (
    <>
      {header}
      {pointerTarget && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          {t('data.pointerTarget', { objectId: pointerTarget })}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{objects.isFetching && <LinearProgress aria-hidden />}</Box>
      {message ? (
        <Box sx={{ p: 2, flex: 1 }}>{message}</Box>
      ) : (
        <ObjectGrid
          app={app}
          className={className}
          columns={columns}
          rows={rows ?? []}
          rowOffset={query.skip}
          total={objects.data?.count}
        />
      )}
      <GridPager
        paging={paging}
        rowsOnPage={rows?.length ?? 0}
        total={objects.data?.count}
        onChange={changePaging}
      />
    </>
  );
}
