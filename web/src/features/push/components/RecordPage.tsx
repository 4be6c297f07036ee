import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PushRecord } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { useShowTime } from '../../../lib/time-zone';
import { useCancelRecord, useRecord } from '../api/records';
import { audienceText } from '../utils/audience-text';
import { contentSummary, payloadVariants } from '../utils/content';
import { CHANNEL_NAMES, successesByChannel } from '../utils/counts';
import { recordTimeline } from '../utils/timeline';
import type { TimelineKind } from '../utils/timeline';
import { FactList } from '../../../components/FactList';
import { StatusChip } from './StatusChip';

const eventKey = (kind: TimelineKind, future: boolean) =>
  future && (kind === 'pushTime' || kind === 'expires') ? (`${kind}Future` as const) : kind;

const cancellable = (r: PushRecord) =>
  r.status === 'scheduled' || r.status === 'in-queue' || r.status === 'running';

/** One push record: what was sent to whom, its counts and errors; cancel while not done. */
export function RecordPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const id = useRequiredParam('pushId');
  const record = useRecord(app, id);
  return (
    <Box sx={{ p: 3 }}>
      <Link component={RouterLink} to={paths.push(app)}>
        {t('push.record.back')}
      </Link>
      {record.error && <ErrorAlert error={record.error} onRetry={() => void record.refetch()} />}
      {record.isPending && <LoadingState />}
      {record.data && <RecordDetails app={app} record={record.data} />}
    </Box>
  );
}

function RecordDetails({ app, record: r }: { app: string; record: PushRecord }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const canWrite = useAppPermission(app, 'push.write');
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRecord(app);
  const navigate = useNavigate();
  const perChannel = successesByChannel(r);
  const facts: [string, string][] = [
    [t('push.record.notificationId'), r.notificationId],
    [t('push.record.prod'), r.prod],
    [t('push.record.where'), audienceText(r.where, t('push.records.everyone'))],
  ];
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {contentSummary(r.data)}
        </Typography>
        <StatusChip status={r.status} />
        {canWrite && (
          <Button
            component={RouterLink}
            to={`${paths.push(app, 'new')}?from=${encodeURIComponent(r.objectId)}`}
          >
            {t('push.record.duplicate')}
          </Button>
        )}
        {canWrite && cancellable(r) && (
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            {t('push.record.cancel')}
          </Button>
        )}
      </Stack>
      <FactList rows={facts} />
      <Typography variant="h6" component="h2" id="push-timeline">
        {t('push.record.timeline')}
      </Typography>
      <Box component="ol" aria-labelledby="push-timeline" sx={{ m: 0, pl: 3 }} data-testid="push-timeline">
        {recordTimeline(r, new Date()).map((e) => (
          <li key={e.kind}>
            <Typography variant="body2" color={e.future ? 'text.secondary' : 'text.primary'}>
              {`${showTime(e.at)} — ${
                e.kind === 'ended' && e.status
                  ? t('push.record.event.ended', { status: t(`push.status.${e.status}`) })
                  : t(`push.record.event.${eventKey(e.kind, e.future)}`)
              }`}
            </Typography>
          </li>
        ))}
      </Box>
      <Typography variant="h6" component="h2">
        {t('push.record.payloads')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {payloadVariants(r.data).map((v) => (
          <Paper key={v.name} variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" component="h3">
              {v.name === 'default' ? t('push.record.variant.default') : v.name}
            </Typography>
            <Box component="pre" sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {JSON.stringify(v.payload, null, 2)}
            </Box>
          </Paper>
        ))}
      </Stack>
      <Typography variant="h6" component="h2">
        {t('push.record.counts')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
        {(
          [
            [t('push.record.devices'), r.devices, 'devices'],
            [t('push.record.successes'), r.successes, 'successes'],
            ...perChannel.map((c) => [`· ${CHANNEL_NAMES[c.channel]}`, c.count, c.channel] as const),
            [t('push.record.invalidTokens'), r.invalidTokens, 'invalid'],
          ] as const
        ).map(([k, v, testId]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={`count-${testId}`}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('push.record.acceptedNote')}
      </Typography>
      <Typography variant="h6" component="h2">
        {t('push.record.errors')}
      </Typography>
      {r.errors.length === 0 ? (
        <Typography variant="body2">{t('push.record.noErrors')}</Typography>
      ) : (
        <ul>
          {r.errors.map((e) => (
            <li key={e}>
              <Typography variant="body2">{e}</Typography>
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('push.record.cancelTitle')}
          text={t('push.record.cancelText')}
          confirmLabel={t('push.record.cancelConfirm')}
          danger
          pending={cancel.isPending}
          error={cancel.error}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(r, { onSuccess: () => void navigate(paths.push(app), { replace: true }) })
          }
        />
      )}
    </Stack>
  );
}
