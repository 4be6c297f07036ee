import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PUSH_STATUSES } from '@switchboard/shared';
import type { PushRecord, PushStatus } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useRequiredParam } from '../../../lib/routing';
import { useShowTime } from '../../../lib/time-zone';
import { isActive, useRecords } from '../api/records';
import { audienceText } from '../utils/audience-text';
import { contentSummary } from '../utils/content';
import { CHANNEL_NAMES, successesByChannel } from '../utils/counts';
import { PushTabs } from './PushTabs';
import { StatusChip } from './StatusChip';

const readStatus = (v: string | null): PushStatus | '' =>
  PUSH_STATUSES.includes(v as PushStatus) ? (v as PushStatus) : '';

/** The app's push records, newest first, filtered by status (kept in the URL). */
export function RecordsPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const records = useRecords(app, status);
  const live = records.data?.some((r) => isActive(r.status)) ?? false;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('push.records.title')}
      </Typography>
      <PushTabs app={app} current="records" />
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('push.records.filter')}
          value={status}
          onChange={(e) => setParams(e.target.value ? { status: e.target.value } : {})}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('push.status.all')}</MenuItem>
          {PUSH_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`push.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {live && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('push.records.live')}
          </Typography>
        )}
      </Stack>
      {records.error && <ErrorAlert error={records.error} onRetry={() => void records.refetch()} />}
      {records.isPending && <LoadingState />}
      {records.data &&
        (records.data.length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('push.records.none')}</Typography>
        ) : (
          <RecordsTable app={app} records={records.data} />
        ))}
    </Box>
  );
}

function RecordsTable({ app, records }: { app: string; records: PushRecord[] }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  return (
    <Table size="small" aria-label={t('push.records.title')}>
      <TableHead>
        <TableRow>
          {(['status', 'time', 'content', 'audience', 'targets', 'successes', 'source'] as const).map((f) => (
            <TableCell key={f}>{t(`push.records.fields.${f}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((r) => {
          const perChannel = successesByChannel(r)
            .map((c) => t('push.records.perChannel', { channel: CHANNEL_NAMES[c.channel], count: c.count }))
            .join(', ');
          const source = r['from-service'] === 'push' ? t('push.records.source.push') : r['from-service'];
          return (
            <TableRow key={r.objectId} hover data-testid={`push-record-${r.objectId}`}>
              <TableCell>
                <StatusChip status={r.status} />
              </TableCell>
              <TableCell>{showTime(r['push-time'] ?? r.createdAt)}</TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <Link component={RouterLink} to={paths.pushRecord(app, r.objectId)}>
                  {contentSummary(r.data)}
                </Link>
              </TableCell>
              <TableCell>{audienceText(r.where, t('push.records.everyone'))}</TableCell>
              <TableCell>{r.devices}</TableCell>
              <TableCell>
                {perChannel ? (
                  <Tooltip title={perChannel}>
                    <span tabIndex={0} aria-label={`${r.successes} (${perChannel})`}>
                      {r.successes}
                    </span>
                  </Tooltip>
                ) : (
                  r.successes
                )}
              </TableCell>
              <TableCell>{source}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
