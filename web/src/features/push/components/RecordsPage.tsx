import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useTimeZone } from '../../../lib/time-zone';
import { isActive, RECORDS_PAGE, useRecords } from '../api/records';
import { cursorAfter, filterParams, readFilter } from '../utils/records-filter';
import type { Cursor, RecordsFilter } from '../utils/records-filter';
import { PushTabs } from './PushTabs';
import { RecordsFilterBar } from './RecordsFilterBar';
import { RecordsTable } from './RecordsTable';

/** The app's push records, newest first, filtered (the filter is kept in the URL), page by page. */
export function RecordsPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const { timeZone } = useTimeZone();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  // The cursors of the pages before this one (keyset paging: each page starts after the last).
  const [cursors, setCursors] = useState<Cursor[]>([]);
  const cursor = cursors[cursors.length - 1];
  const records = useRecords(app, filter, timeZone, cursor);
  const live = records.data?.some((r) => isActive(r.status)) ?? false;
  const setFilter = (f: RecordsFilter) => {
    setCursors([]);
    setParams(filterParams(f));
  };
  const next = records.data && records.data.length === RECORDS_PAGE ? cursorAfter(records.data) : undefined;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('push.records.title')}
      </Typography>
      <PushTabs app={app} current="records" />
      <RecordsFilterBar key={filter.id} app={app} value={filter} onChange={setFilter} timeZone={timeZone} />
      {live && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
          {t('push.records.live')}
        </Typography>
      )}
      {records.error && <ErrorAlert error={records.error} onRetry={() => void records.refetch()} />}
      {records.isPending && <LoadingState />}
      {records.data &&
        (records.data.length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('push.records.none')}</Typography>
        ) : (
          <RecordsTable app={app} records={records.data} />
        ))}
      {(cursors.length > 0 || next) && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            {t('push.records.newer')}
          </Button>
          <Typography variant="body2">{t('push.records.page', { page: cursors.length + 1 })}</Typography>
          <Button disabled={!next} onClick={() => next && setCursors([...cursors, next])}>
            {t('push.records.older')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
