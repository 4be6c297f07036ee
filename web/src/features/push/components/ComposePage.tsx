import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { useRecord } from '../api/records';
import { compositionFrom, emptyComposition } from '../utils/duplicate';
import { Composer } from './Composer';
import { PushTabs } from './PushTabs';

/** A new push; `?from=<record>` starts from a sent one (Duplicate). */
export function ComposePage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const canSend = useAppPermission(app, 'push.write');
  const from = useSearchParams()[0].get('from');
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('push.compose.title')}
      </Typography>
      <PushTabs app={app} current="compose" />
      {!canSend ? (
        <Alert severity="info">{t('push.compose.readOnly')}</Alert>
      ) : from ? (
        <FromRecord app={app} id={from} />
      ) : (
        <Composer app={app} initial={emptyComposition()} />
      )}
    </Box>
  );
}

function FromRecord({ app, id }: { app: string; id: string }) {
  const record = useRecord(app, id);
  if (record.error) return <ErrorAlert error={record.error} onRetry={() => void record.refetch()} />;
  if (!record.data) return <LoadingState />;
  return <Composer key={id} app={app} initial={compositionFrom(record.data)} />;
}
