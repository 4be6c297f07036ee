import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { formatInZone, useShowTime } from '../../../lib/time-zone';
import { useCancelScheduled, useScheduled } from '../api/records';
import { audienceText } from '../utils/audience-text';
import { contentSummary } from '../utils/content';
import { PushTabs } from './PushTabs';

const asObject = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Pushes waiting for their time, in the reader's zone and in UTC; cancel one. */
export function ScheduledPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const scheduled = useScheduled(app);
  const canWrite = useAppPermission(app, 'push.write');
  const cancel = useCancelScheduled(app);
  const [confirming, setConfirming] = useState<number | null>(null);
  const showTime = useShowTime();

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('push.scheduled.title')}
      </Typography>
      <PushTabs app={app} current="scheduled" />
      {scheduled.error && <ErrorAlert error={scheduled.error} onRetry={() => void scheduled.refetch()} />}
      {scheduled.isPending && <LoadingState />}
      {scheduled.data &&
        (scheduled.data.length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('push.scheduled.none')}</Typography>
        ) : (
          <Table size="small" aria-label={t('push.scheduled.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('push.scheduled.fields.local')}</TableCell>
                <TableCell>{t('push.scheduled.fields.utc')}</TableCell>
                <TableCell>{t('push.scheduled.fields.content')}</TableCell>
                <TableCell>{t('push.scheduled.fields.audience')}</TableCell>
                {canWrite && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {scheduled.data.map((s) => {
                const at = new Date(s.expire_time);
                const where = asObject(s.push_msg.where).query;
                return (
                  <TableRow key={s.id} data-testid={`scheduled-${s.push_msg.notificationId}`}>
                    <TableCell>{showTime(at.toISOString())}</TableCell>
                    <TableCell data-testid="utc-time">{formatInZone(at, 'UTC').text} UTC</TableCell>
                    <TableCell>{contentSummary(asObject(s.push_msg.msg))}</TableCell>
                    <TableCell>{audienceText(where, t('push.records.everyone'))}</TableCell>
                    {canWrite && (
                      <TableCell>
                        <Button color="error" size="small" onClick={() => setConfirming(s.id)}>
                          {t('push.scheduled.cancel')}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        ))}
      {confirming !== null && (
        <ConfirmDialog
          title={t('push.scheduled.cancelTitle')}
          text={t('push.scheduled.cancelText')}
          confirmLabel={t('push.scheduled.cancelConfirm')}
          danger
          pending={cancel.isPending}
          error={cancel.error}
          onClose={() => setConfirming(null)}
          onConfirm={() => cancel.mutate(confirming, { onSuccess: () => setConfirming(null) })}
        />
      )}
    </Box>
  );
}
