import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useSchemas } from '../api/get-schemas';
import { classKeys } from '../api/keys';
import { MAX_SCROLL_ROWS } from '../grid/blocks';
import { useGridRows } from '../grid/use-grid-rows';
import { buildColumns, sameColumns } from '../utils/columns';
import { useStableValue } from '../../../lib/use-stable-value';
import { ClassPageHeader } from './ClassPageHeader';
import { canScroll, gridMode, hiddenBy, writeGridMode, writePage } from '../utils/grid-mode';
import type { Paging } from '../utils/paging';
import { sortFromOrder } from '../cells/grid-nav';
import { EditableClassGrid } from '../editing/EditableClassGrid';
import { readWhereParam } from '../editing/rows';
import { useCanWriteData } from '../editing/use-can-write';
import { FilterBar } from '../query/components/FilterBar';
import { useDataQuery } from '../query/use-data-query';
import { ViewsMenu } from '../views/ViewsMenu';
import { GridPager } from './GridPager';
import type { GridPagerProps } from './GridPager';
import { GridPagerLive } from './GridPagerLive';
import { applyLayout } from '../layout/apply-layout';
import { useGridLayout } from '../layout/use-grid-layout';

export function ClassObjectsPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const className = useRequiredParam('className');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const dataQuery = useDataQuery();
  const query = dataQuery.objectsQuery;
  const mode = gridMode(params, query.order);
  const paging = mode.kind === 'pages' ? mode.paging : undefined;
  const schemas = useSchemas(app);
  const objects = useGridRows(app, className, query, mode);
  const { total, estimate, rows } = objects;
  const fields = schemas.data?.[className];
  // Kept while equal: the loaded rows change with every block, the columns they give rarely.
  const columns = useStableValue(
    useMemo(() => buildColumns(fields, rows), [fields, rows]),
    sameColumns,
  );
  const { layout, setLayout } = useGridLayout(app, className);
  // The grid shows the user's remembered order and hides what they hid; widths and pins are the grid's.
  // An ACL the query's keys leave out is not fetched: an empty cell would read as "no ACL".
  const shownColumns = useMemo(() => {
    const notFetched = hiddenBy(query.keys);
    return applyLayout(columns, layout).filter((c) => !c.hidden && !(c.type === 'ACL' && notFetched(c.key)));
  }, [columns, layout, query.keys]);
  const pointerTarget = params.get('objectId');
  const canWrite = useCanWriteData(app);
  const where = readWhereParam(params.get('where'));

  const changePaging = (change: Partial<Paging>) => {
    if (change.pageSize !== undefined) setParams(writeGridMode(params, change.pageSize));
    else if (paging && change.page !== undefined) setParams(writePage(params, paging, change.page));
  };
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: classKeys.detail(app, className) }),
    [queryClient, app, className],
  );
  const { search } = dataQuery;
  const views = useMemo(
    () => (
      <ViewsMenu
        app={app}
        className={className}
        search={search}
        onOpen={(next) => setParams(new URLSearchParams(next))}
      />
    ),
    [app, className, search, setParams],
  );

  const body = () => {
    if (schemas.error) return <ErrorAlert error={schemas.error} onRetry={() => void schemas.refetch()} />;
    if (objects.error) return <ErrorAlert error={objects.error} onRetry={objects.refetch} />;
    if (schemas.isPending || !rows) return <LoadingState />;
    if (!fields) return <Alert severity="warning">{t('data.classNotFound', { className })}</Alert>;
    if (objects.empty && (paging?.page ?? 1) === 1 && !canWrite)
      return <Typography>{t('data.noObjects')}</Typography>;
    if (objects.empty)
      return (
        <Alert
          severity="info"
          action={paging && <Button onClick={() => changePaging({ page: 1 })}>{t('data.firstPage')}</Button>}
        >
          {t('data.pageEmpty')}
        </Alert>
      );
    return null;
  };
  const message = body();
  const range = objects.scroll?.range;
  const pager: GridPagerProps = {
    paging: paging,
    canScroll: canScroll(query.order, query.keys),
    rowsOnPage: rows?.length ?? 0,
    total: total,
    estimate: estimate,
    onChange: changePaging,
    onSizeChange: (choice) => setParams(writeGridMode(params, choice)),
  };

  return (
    <>
      <ClassPageHeader
        app={app}
        className={className}
        canWrite={canWrite}
        fields={fields}
        columns={columns}
        layout={layout}
        onLayoutChange={setLayout}
        query={query}
        whereError={dataQuery.query.whereError}
        onReload={reload}
      />
      <FilterBar className={className} schema={fields} controls={dataQuery} actions={views} />
      {pointerTarget && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }}>
          {t('data.pointerTarget', { objectId: pointerTarget })}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{objects.isFetching && <LinearProgress aria-hidden />}</Box>
      {message ? (
        <Box sx={{ p: 2, flex: 1 }}>{message}</Box>
      ) : (
        <EditableClassGrid
          key={className}
          app={app}
          className={className}
          columns={shownColumns}
          rows={rows ?? []}
          rowOffset={paging ? query.skip : 0}
          total={objects.scroll ? (total ?? estimate ?? objects.scroll.grid.rowCount) : total}
          scroll={objects.scroll?.grid}
          canWrite={canWrite}
          where={where}
          sort={sortFromOrder(dataQuery.query.order)}
          onSortChange={dataQuery.toggleSort}
        />
      )}
      {objects.scroll?.capped && (
        <Typography variant="caption" color="text.secondary" sx={{ px: 2 }}>
          {t('data.scrollCapped', { count: MAX_SCROLL_ROWS })}
        </Typography>
      )}
      {range ? <GridPagerLive {...pager} range={range} /> : <GridPager {...pager} />}
    </>
  );
}
